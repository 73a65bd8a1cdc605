/**
 * What the client checks share: which transport family a request is, its operation, and which of
 * the operation's parameters each sent parameter is. A SOAP parameter is its element's local name
 * in the operation element's namespace (the XSD's elementFormDefault="qualified"; whether that
 * namespace is the service's is client-operation's to say, once); a GET or POST parameter is its
 * field name, exactly (a name that differs only in case is client-http-parameter-names' to say).
 */
import { findOperation, operations, type Operation, type Parameter } from '../../contract/index.js';
import type { ObservedParam } from '../../transports/index.js';
import { skip, type ClientExchange, type Verdict } from '../types.js';

export const isSoapCall = (ex: ClientExchange): boolean => ex.call.transport === 'soap11' || ex.call.transport === 'soap12';

export interface SentParam {
  readonly observed: ObservedParam;
  /** The operation's parameter this is, if it is one. */
  readonly param?: Parameter;
  /** GET/POST: the parameter whose name this is in another case. */
  readonly caseOf?: Parameter;
  /** SOAP: the element's namespace; null when unqualified. */
  readonly ns?: string | null;
  readonly nil?: boolean;
}

export interface JudgeableCall {
  readonly op: Operation;
  readonly sent: readonly SentParam[];
}

const judged = new WeakMap<ClientExchange, JudgeableCall | Verdict>();

/** Each operation's parameters by name and by lower-case name, made once (the proxy judges every request). */
const lookups = new Map(operations.map((op) => [op, { byName: new Map(op.params.map((p) => [p.name, p])), byLower: new Map(op.params.map((p) => [p.name.toLowerCase(), p])) }]));

function matchParams(ex: ClientExchange, op: Operation): SentParam[] {
  const { byName, byLower } = lookups.get(op)!;
  const soap = ex.reading.soap;
  return ex.call.params.map((observed, i) => {
    if (soap && isSoapCall(ex)) {
      const element = soap.paramElements[i]!;
      const param = element.ns === soap.operationNs ? byName.get(observed.name) : undefined;
      return { observed, ...(param ? { param } : {}), ns: element.ns, nil: element.nil };
    }
    const param = byName.get(observed.name);
    if (param) return { observed, param };
    const caseOf = byLower.get(observed.name.toLowerCase());
    return caseOf ? { observed, caseOf } : { observed };
  });
}

/** The operation and the sent parameters matched to it, or why the parameters cannot be judged
 * (none of the four transports, an operation the contract does not have, a body not read). */
export function judgeableCall(ex: ClientExchange): JudgeableCall | Verdict {
  let result = judged.get(ex);
  if (!result) {
    const op = ex.call.operation === undefined ? undefined : findOperation(ex.call.operation);
    if (ex.call.transport === 'none') result = skip('not one of the four transports');
    else if (ex.reading.paramsUnreadable !== undefined) result = skip(ex.reading.paramsUnreadable);
    else if (!op) result = skip('the request names no operation of the contract');
    else if (ex.reading.soap?.notWellFormed !== undefined) result = skip('the body is not well-formed XML');
    // No operation element to hold parameters: client-envelope or client-operation says so, once.
    else if (isSoapCall(ex) && !ex.reading.soap?.bodyChildren?.length) result = skip('no operation element in a SOAP Body');
    else result = { op, sent: matchParams(ex, op) };
    judged.set(ex, result);
  }
  return result;
}

/** The operation's parameters that `which` picks and the request does not carry (a GET or POST
 * name in another case counts as carried: client-http-parameter-names judges it). */
export function missingParams({ op, sent }: JudgeableCall, which: (p: Parameter) => boolean): Parameter[] {
  const present = new Set(sent.map((s) => s.param ?? s.caseOf));
  return op.params.filter((p) => which(p) && !present.has(p));
}

export const isVerdict = (x: JudgeableCall | Verdict): x is Verdict => 'status' in x;

/** The names of `params`, quoted, for messages (never their values: sig and mobilekey are secrets). */
export const names = (params: ReadonlyArray<{ readonly name: string }>): string => params.map((p) => `"${p.name}"`).join(', ');

/** Transport-family wording for levelReason and messages. */
export const HTTP_TEXT = 'spec, Transports note 3: over HTTP GET and POST every parameter "is transmitted as text"';
