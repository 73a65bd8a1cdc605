import { fail, pass, scope, type Check } from './types.js';

export const responseTime: Check = {
  id: 'response-time',
  description: 'The complete response arrives within --sla-ms',
  enforces: 'the service-level objective given with --sla-ms (the spec shows no time-outs)',
  scope: 'exchange',
  level: 'error',
  levelReason: 'the user declared the limit with --sla-ms (the spec shows no time-outs, so without it the check does not run)',
  ...scope.sla,
  run: ({ response, slaMs }) => (response.elapsedMs <= slaMs! ? pass : fail(`answered in ${response.elapsedMs} ms; --sla-ms allows ${slaMs} ms`)),
};
