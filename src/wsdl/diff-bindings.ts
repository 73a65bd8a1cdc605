/**
 * Drift of the bindings and ports, per protocol: one binding and one port for each of SOAP 1.1,
 * SOAP 1.2, HTTP GET and HTTP POST, the port address path, and each operation within the binding
 * (its presence, soapAction, http:operation location and HTTP input parts).
 */
import { SERVICE_PATH, soapAction, type Operation } from '../contract/index.js';
import { getTransportById, type TransportId } from '../transports/index.js';
import { ABSENT, type Drift } from './drift.js';
import type { Binding, SchemaElement, WsdlModel } from './model.js';
import type { QName } from './namespaces.js';
import { referenceBinding } from './reference.js';

const label = (p: TransportId) => getTransportById(p).label;

/** Whether a reference (resolved QName) names the definition `name` of this WSDL. */
const sameName = (model: WsdlModel, q: QName | null, name: string) =>
  q !== null && q.local === name && q.ns === model.targetNamespace;

function portsOf(model: WsdlModel, binding: Binding) {
  return model.services.flatMap((s) => s.ports).filter((p) => sameName(model, p.binding, binding.name));
}

/** The binding of a protocol that a port uses, else the first of that protocol. */
export function bindingFor(model: WsdlModel, protocol: TransportId): Binding | undefined {
  const candidates = model.bindings.filter((b) => b.protocol === protocol);
  return candidates.find((b) => portsOf(model, b).length > 0) ?? candidates[0];
}

export function protocolDrifts(model: WsdlModel, protocol: TransportId, binding: Binding | undefined): Drift[] {
  if (!binding) {
    const present = model.bindings.map((b) => `${b.name} (${b.protocol ? label(b.protocol) : 'unknown protocol'})`).join(', ') || 'none';
    return [
      { kind: 'binding-missing', protocol, expected: `${label(protocol)} binding`, actual: ABSENT, message: `no ${label(protocol)} binding (bindings present: ${present})` },
      { kind: 'port-missing', protocol, expected: `${label(protocol)} port`, actual: ABSENT, message: `no ${label(protocol)} port: no service port refers to a binding for ${label(protocol)}` },
    ];
  }
  const ports = portsOf(model, binding);
  if (ports.length === 0) {
    return [{ kind: 'port-missing', protocol, expected: `${label(protocol)} port`, actual: ABSENT, message: `no ${label(protocol)} port: no service port refers to the ${label(protocol)} binding ${binding.name}` }];
  }
  return ports.flatMap((port): Drift[] => {
    if (addressPath(port.address).toLowerCase().endsWith(SERVICE_PATH.toLowerCase())) return [];
    return [{
      kind: 'address-path', protocol, expected: `...${SERVICE_PATH}`, actual: port.address ?? ABSENT,
      message: `${label(protocol)} port ${port.name}: address ${port.address ?? ABSENT} does not end in ${SERVICE_PATH}`,
    }];
  });
}

/** The path of a port address. IIS and ASMX match paths case-insensitively and echo the request's
 * casing into the address, so the comparison above ignores case. */
function addressPath(address: string | null): string {
  if (address === null) return '';
  try {
    return new URL(address).pathname;
  } catch {
    return address;
  }
}

export function bindingOperationDrifts(
  model: WsdlModel, op: Operation, namespace: string, protocol: TransportId, binding: Binding, request: SchemaElement | undefined,
): Drift[] {
  const bound = binding.operations.find((o) => o.name === op.name);
  if (!bound) {
    return [{ kind: 'binding-operation-missing', operation: op.name, protocol, expected: `${op.name} in ${binding.name}`, actual: ABSENT, message: `${op.name}: missing from the ${label(protocol)} binding ${binding.name}` }];
  }
  if (protocol === 'soap11' || protocol === 'soap12') {
    const expected = soapAction(namespace, op);
    const followsNamespace = model.targetNamespace !== null && model.targetNamespace !== namespace && bound.soapAction === soapAction(model.targetNamespace, op);
    if (bound.soapAction === expected || followsNamespace) return [];
    return [{ kind: 'soap-action', operation: op.name, protocol, expected, actual: bound.soapAction ?? ABSENT, message: `${op.name}: ${label(protocol)} soapAction changed from ${expected} to ${bound.soapAction ?? ABSENT}` }];
  }
  const drifts: Drift[] = [];
  const expectedLocation = referenceBinding(protocol, namespace).operations.find((o) => o.name === op.name)!.location!;
  if (bound.location !== expectedLocation) {
    drifts.push({ kind: 'address-path', operation: op.name, protocol, expected: expectedLocation, actual: bound.location ?? ABSENT, message: `${op.name}: ${label(protocol)} http:operation location changed from ${expectedLocation} to ${bound.location ?? ABSENT}` });
  }
  drifts.push(...httpPartDrifts(model, op, protocol, binding, request));
  return drifts;
}

/** HTTP GET/POST input parts: the parameter names in contract order, each typed string (spec,
 * Response shapes 3: over HTTP every parameter is text). Not reported again when they merely
 * follow a drift already reported on the request sequence. */
function httpPartDrifts(model: WsdlModel, op: Operation, protocol: TransportId, binding: Binding, request: SchemaElement | undefined): Drift[] {
  const portType = model.portTypes.find((p) => sameName(model, binding.type, p.name));
  const input = portType?.operations.find((o) => o.name === op.name)?.input ?? null;
  const message = model.messages.find((m) => sameName(model, input, m.name));
  const expectedNames = op.params.map((p) => p.name).join(', ');
  if (!message) {
    return [{ kind: 'http-parameters', operation: op.name, protocol, expected: expectedNames, actual: ABSENT, message: `${op.name}: ${label(protocol)} input message not found (binding ${binding.name} -> port type -> input message)` }];
  }
  const drifts: Drift[] = [];
  const actualNames = message.parts.map((p) => p.name).join(', ');
  const followsSchema = request?.sequence?.map((p) => p.name).join(', ') === actualNames;
  if (actualNames !== expectedNames && !followsSchema) {
    drifts.push({ kind: 'http-parameters', operation: op.name, protocol, expected: expectedNames, actual: actualNames, message: `${op.name}: ${label(protocol)} input parts changed from ${expectedNames} to ${actualNames}` });
  }
  for (const part of message.parts.filter((p) => p.type !== 'string')) {
    drifts.push({ kind: 'http-parameters', operation: op.name, protocol, parameter: part.name, expected: 'string', actual: part.type ?? ABSENT, message: `${op.name}: ${label(protocol)} input part ${part.name} changed type from string to ${part.type ?? ABSENT}` });
  }
  return drifts;
}
