import { fail, pass, type ClientCheck } from '../types.js';

export const clientTransport: ClientCheck = {
  id: 'client-transport',
  description: 'The request is one of the four transports: SOAP 1.1 or 1.2 POSTed to the service path, or HTTP GET or POST to the service path and an operation',
  enforces: 'spec, Endpoints > Transports: method and path of SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST',
  scope: 'client',
  level: 'error',
  levelReason: "the spec's Transports table names the four method and path pairs",
  appliesText: 'every request a client sent, except those for the service description (?WSDL)',
  run: ({ call }) => (call.transport === 'none' ? fail(call.notTransport ?? 'not one of the four transports') : pass),
};
