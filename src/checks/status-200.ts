import { fail, pass, scope, type Check } from './types.js';

export const status200: Check = {
  id: 'http-status-200',
  description: 'A valid request is answered with HTTP status 200',
  enforces: 'spec, Endpoints > Transports: "Success status 200" for every transport',
  scope: 'exchange',
  ...scope.positive,
  level: 'error',
  levelReason: "the spec's Transports table: \"Success status 200\"",
  run: ({ response }) => (response.status === 200 ? pass : fail(`expected HTTP 200, got ${response.status}`)),
};
