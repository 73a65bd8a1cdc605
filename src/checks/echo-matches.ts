import { expectedInFormat, readEcho } from '../asmx/echo-payload.js';
import { fail, pass, skip, type Check } from './types.js';
import { decodedOf } from './observe.js';

const show = (v: unknown) => JSON.stringify(v);

export const echoMatches: Check = {
  id: 'echo-matches',
  description: 'The service received exactly the typed values that were sent (the reference echo)',
  enforces: "the echo property of issue 4: proves this tool's encoders and a target's decoders; for targets that return the reference server's echo (the embedded server, serve, --echo) in the run's --result-format",
  scope: 'exchange',
  level: 'error',
  levelReason: "the spec's Parameter order and types: the values a service binds are the typed values sent",
  applies: (ex) => ex.kind === 'positive' && ex.echo !== undefined,
  appliesText: 'valid requests, when the target echoes (embedded server or --echo)',
  run(ex) {
    const decoded = decodedOf(ex);
    if (decoded.kind !== 'result' || decoded.text === null) return skip('no result to compare (the other checks report why)');
    const format = ex.resultFormat ?? 'json';
    const echoed = readEcho(decoded.text, format);
    if (!echoed.ok) return fail(`the result is not the reference echo (${echoed.why}): ${show(decoded.text.slice(0, 120))}`);
    if (echoed.operation !== ex.operation.name) return fail(`the result is not the reference echo for ${ex.operation.name}: ${show(decoded.text.slice(0, 120))}`);
    // Typed values are compared as the format writes them: JSON values, or XmlSerializer's text.
    const differences = Object.entries(ex.echo!).map(([name, typed]) => [name, expectedInFormat(typed, format)] as const)
      // Equal values first (most are), then as JSON: a typed value and its echo are plain JSON values.
      .filter(([name, want]) => echoed.received[name] !== want && show(echoed.received[name]) !== show(want))
      .map(([name, want]) => `${name}: sent ${show(want)}, received ${show(echoed.received[name])}`);
    return differences.length === 0 ? pass : fail(`the service received other values than were sent: ${differences.join('; ')}`);
  },
};
