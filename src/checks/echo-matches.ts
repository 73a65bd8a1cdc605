import { fail, pass, skip, type Check } from './types.js';
import { codecFor } from './observe.js';

const show = (v: unknown) => JSON.stringify(v);

export const echoMatches: Check = {
  id: 'echo-matches',
  description: 'The service received exactly the typed values that were sent (the reference echo)',
  enforces: "the echo property of issue 4: proves this tool's encoders and a target's decoders; for targets that return the reference server's echo (the embedded server, serve, --echo)",
  scope: 'exchange',
  level: 'error',
  levelReason: "the spec's Parameter order and types: the values a service binds are the typed values sent",
  applies: (ex) => ex.kind === 'positive' && ex.echo !== undefined,
  appliesText: 'valid requests, when the target echoes (embedded server or --echo)',
  run(ex) {
    const decoded = codecFor(ex).decode({ namespace: ex.namespace }, ex.operation, ex.response);
    if (decoded.kind !== 'result' || decoded.text === null) return skip('no result to compare (the other checks report why)');
    let echoed: { operation?: unknown; received?: Record<string, unknown> };
    try {
      echoed = JSON.parse(decoded.text) as typeof echoed;
    } catch {
      return fail(`the result is not the reference echo (not JSON): ${show(decoded.text.slice(0, 120))}`);
    }
    if (echoed.operation !== ex.operation.name || typeof echoed.received !== 'object' || echoed.received === null) {
      return fail(`the result is not the reference echo for ${ex.operation.name}: ${show(decoded.text.slice(0, 120))}`);
    }
    const differences = Object.entries(ex.echo!).filter(([name, want]) => show(echoed.received![name]) !== show(want))
      .map(([name, want]) => `${name}: sent ${show(want)}, received ${show(echoed.received![name])}`);
    return differences.length === 0 ? pass : fail(`the service received other values than were sent: ${differences.join('; ')}`);
  },
};
