/**
 * Contract drift: a parsed WSDL compared with the reconstructed contract (reference.ts), as a list
 * of Drift records in a stable order: namespace, operation set, bindings and ports, then each
 * operation in contract order.
 *
 * Bindings and ports are matched by protocol, not by name: ASMX names them after the service
 * class, which the spec does not give. Consequences of one change are reported once: a SOAPAction
 * that follows a changed targetNamespace is covered by the 'namespace' drift, and HTTP input parts
 * that follow a changed request sequence by the parameter drifts.
 */
import { operations, type Operation } from '../contract/index.js';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';
import { bindingFor, bindingOperationDrifts, protocolDrifts } from './diff-bindings.js';
import { parameterDrifts } from './diff-parameters.js';
import { ABSENT, type Drift } from './drift.js';
import type { Binding, SchemaElement, WsdlModel } from './model.js';
import { parseWsdl } from './parse.js';
import { globalElement, referenceModel, referenceParams } from './reference.js';

export type { Drift, DriftKind } from './drift.js';

export interface DiffOptions {
  /** The namespace the service should have (the contract's DEFAULT_NAMESPACE unless configured). */
  readonly namespace: string;
}

export function diffWsdl(model: WsdlModel, { namespace }: DiffOptions): Drift[] {
  const drifts = [...namespaceDrifts(model, namespace)];
  const declared = declaredOperations(model);
  for (const op of operations) {
    if (!declared.has(op.name)) drifts.push({ kind: 'operation-missing', operation: op.name, expected: op.name, actual: ABSENT, message: `${op.name}: operation missing (no binding or port type declares it)` });
  }
  for (const name of declared) {
    if (!operations.some((op) => op.name === name)) drifts.push({ kind: 'operation-extra', operation: name, expected: ABSENT, actual: name, message: `${name}: operation not in the contract` });
  }
  const bindings = new Map<TransportId, Binding>();
  for (const protocol of TRANSPORT_IDS) {
    const binding = bindingFor(model, protocol);
    if (binding) bindings.set(protocol, binding);
    drifts.push(...protocolDrifts(model, protocol, binding));
  }
  for (const op of operations) {
    if (declared.has(op.name)) drifts.push(...operationDrifts(model, op, namespace, bindings));
  }
  return drifts;
}

/** For the lead's `run` check: WSDL text in, drifts or the reason it could not be read out. */
export function compareWsdl(text: string, namespace: string): { drifts: Drift[] } | { error: string } {
  const parsed = parseWsdl(text);
  return parsed.ok ? { drifts: diffWsdl(parsed.model, { namespace }) } : { error: parsed.error };
}

function namespaceDrifts(model: WsdlModel, namespace: string): Drift[] {
  const drifts: Drift[] = [];
  const changed = (what: string, actual: string | null): Drift => ({
    kind: 'namespace', expected: namespace, actual: actual ?? ABSENT, message: `${what} changed from ${namespace} to ${actual ?? ABSENT}`,
  });
  if (model.targetNamespace !== namespace) drifts.push(changed('targetNamespace', model.targetNamespace));
  // Only the schema(s) holding the operation elements matter on the wire.
  const names = new Set(operations.map((op) => op.name));
  for (const schema of model.schemas.filter((s) => s.elements.some((e) => names.has(e.name)))) {
    if (schema.targetNamespace !== namespace) drifts.push(changed('schema targetNamespace', schema.targetNamespace));
    if (schema.elementFormDefault !== 'qualified') {
      drifts.push({ kind: 'element-form', expected: 'qualified', actual: schema.elementFormDefault, message: 'schema elementFormDefault changed from qualified to unqualified (parameter elements would be in no namespace)' });
    }
  }
  return drifts;
}

/** Operation names any port type or binding declares, in document order. */
export function declaredOperations(model: WsdlModel): Set<string> {
  return new Set([...model.portTypes, ...model.bindings].flatMap((x) => x.operations.map((o) => o.name)));
}

function operationDrifts(model: WsdlModel, op: Operation, namespace: string, bindings: ReadonlyMap<TransportId, Binding>): Drift[] {
  const drifts: Drift[] = [];
  const request = globalElement(model, op.name, namespace);
  if (!request?.sequence) {
    const actual = request ? `${op.name} (not a sequence of elements)` : ABSENT;
    drifts.push({ kind: 'request-element', operation: op.name, expected: `${op.name} (a sequence of parameters)`, actual, message: `${op.name}: request element ${op.name} ${request ? 'is not a sequence of parameter elements' : 'is missing from the schema'}` });
  } else {
    drifts.push(...parameterDrifts(op.name, referenceParams(op, namespace), request.sequence));
  }
  drifts.push(...resultDrifts(model, op, namespace));
  for (const [protocol, binding] of bindings) drifts.push(...bindingOperationDrifts(model, op, namespace, protocol, binding, request));
  return drifts;
}

function shape(el: SchemaElement | undefined, name: string): string {
  if (!el) return ABSENT;
  if (!el.sequence) return `${name} (not a sequence)`;
  return `${name} { ${el.sequence.map((p) => `${p.name}: ${p.type ?? '(no type)'}${p.maxOccurs === 1 ? '' : `[maxOccurs ${p.maxOccurs}]`}`).join(', ')} }`;
}

function resultDrifts(model: WsdlModel, op: Operation, namespace: string): Drift[] {
  const name = `${op.name}Response`;
  const expected = shape(globalElement(referenceModel(namespace), name, namespace), name);
  const actual = shape(globalElement(model, name, namespace), name);
  if (expected === actual) return [];
  const message = actual === ABSENT ? `${op.name}: response element ${name} is missing` : `${op.name}: result element changed from ${expected} to ${actual}`;
  return [{ kind: 'result-element', operation: op.name, expected, actual, message }];
}
