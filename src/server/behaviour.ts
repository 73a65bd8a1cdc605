/** How one reference server instance behaves: its namespace, its optional signing secret, its mutant. */
import type { Operation, Parameter } from '../contract/index.js';
import type { TransportId } from '../transports/index.js';
import { verifySignature } from './auth.js';
import type { Mutant } from './mutants/index.js';
import { convert, type Family, type Typed } from '../asmx/values.js';
import type { ResultFormat } from '../results/result-format.js';

export interface Behaviour {
  readonly namespace: string;
  readonly authSecret?: string;
  readonly mutant?: Mutant;
  /** How result texts are written (src/server/result.ts). */
  readonly resultFormat: ResultFormat;
  /** The web method itself when it is not the echo (the stateful implementation, src/server/stateful/);
   * it checks signatures itself, in-band. */
  readonly service?: Service;
}

/** What a web method does with parameters ASMX has read and converted: its result text. `raw` holds
 * the texts as sent (what a signature covers). */
export interface Service {
  answer(op: Operation, typed: ReadonlyMap<string, Typed>, raw: ReadonlyMap<string, string | null>, transport: TransportId): string;
}

/** An exception the web method does not handle (a vendor's crash): ASMX answers it as a soap:Server /
 * Receiver fault "Server was unable to process request. ---> message", or over GET/POST as HTTP 500
 * text/plain "Type: message" (SoapServerProtocol.WriteException, HttpServerProtocol.WriteException). */
export class WebMethodException extends Error {
  constructor(readonly clrType: string, message: string) {
    super(message);
  }
}

/** A business error the web method throws as `new SoapException(message, SoapException.ClientFaultCode)`,
 * as a vendor whose errors are faults does (a stateful personality with errors 'fault'). ASMX writes a
 * SoapException the method throws as it is, with its own code and message, not wrapped in "Server
 * was unable to process request." (SoapServerProtocol.WriteException, reference source: only an
 * exception that is not a SoapException is wrapped); HTTP 500 with soap:Client (SOAP 1.2
 * soap:Sender). Over GET/POST HttpServerProtocol.WriteException answers HTTP 500 text/plain
 * "System.Web.Services.Protocols.SoapException: message". */
export class BusinessFault extends Error {}

/** Converts a parameter's text, through the mutant's hooks when there are any. */
export function convertParam(b: Behaviour, param: Parameter, text: string | null, transport: TransportId): Typed {
  const family: Family = transport === 'get' || transport === 'post' ? 'http' : 'soap';
  const received = text !== null && param.type === 'str' && b.mutant?.receiveString ? b.mutant.receiveString(text, transport) : text;
  return b.mutant?.convert ? b.mutant.convert(param, received, family, convert) : convert(param, received, family);
}

/** A GET/POST parameter that is not in the request at all. */
export class MissingParameter extends Error {
  constructor(readonly param: string) {
    super(`Missing parameter: ${param}.`);
  }
}

/** Reads every parameter of `op` in contract order and then checks the signature. `raw` maps a
 * name to its text, to null for an absent SOAP element (converted to the type's default), and has
 * no entry for a missing GET/POST parameter. The first parameter that is missing or does not
 * convert ends the reading, as in ValueCollectionParameterReader.Read (reference source); the web
 * method, and so the signature check, runs only after all parameters are read. A service (the stateful
 * implementation) checks the signature itself, inside the method. */
export function readAndAuthorise(b: Behaviour, op: Operation, raw: ReadonlyMap<string, string | null>, transport: TransportId): Map<string, Typed> {
  const typed = new Map<string, Typed>();
  for (const p of op.params) {
    const text = raw.get(p.name);
    if (text === undefined) throw new MissingParameter(p.name);
    const value = convertParam(b, p, text, transport);
    typed.set(p.name, b.mutant?.render ? b.mutant.render(p, value, transport, op) : value);
  }
  if (b.authSecret && !b.service) verifySignature(b.authSecret, op, raw, b.mutant?.authClock ? b.mutant.authClock(op, raw) : Date.now());
  return typed;
}
