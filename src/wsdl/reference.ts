/**
 * The reconstructed contract as a WsdlModel: this project's own generated WSDL, parsed by the same
 * reader as the WSDL under test. Comparing against it keeps ASMX's rules (xs type per SOAP type,
 * minOccurs, the result element, http:operation locations) in one place, src/wsdl/generate.ts,
 * instead of restating them here.
 */
import { DEFAULT_NAMESPACE, operations, type Operation, type SoapType } from '../contract/index.js';
import type { TransportId } from '../transports/types.js';
import { DEFAULT_WSDL_BASE_URL, generateWsdl } from './generate.js';
import type { Binding, Particle, SchemaElement, WsdlModel } from './model.js';
import { parseWsdl } from './parse.js';

const cache = new Map<string, WsdlModel>();

export function referenceModel(namespace: string): WsdlModel {
  let model = cache.get(namespace);
  if (!model) {
    const parsed = parseWsdl(generateWsdl({ namespace, baseUrl: DEFAULT_WSDL_BASE_URL }));
    if (!parsed.ok) throw new Error(`the generated WSDL does not parse: ${parsed.error}`);
    model = parsed.model;
    cache.set(namespace, model);
  }
  return model;
}

/** The global element `name` of a model: the one in `namespace` if there is one, else the first
 * of that name in any schema (so a namespace drift is reported once, not once per element). */
export function globalElement(model: WsdlModel, name: string, namespace: string): SchemaElement | undefined {
  const all = model.schemas.flatMap((s) => s.elements).filter((e) => e.name === name);
  return all.find((e) => e.ns === namespace) ?? all[0];
}

export function referenceParams(op: Operation, namespace: string): readonly Particle[] {
  return globalElement(referenceModel(namespace), op.name, namespace)!.sequence!;
}

export function referenceBinding(protocol: TransportId, namespace: string): Binding {
  return referenceModel(namespace).bindings.find((b) => b.protocol === protocol)!;
}

/** XML Schema type name -> contract type, read off the reference WSDL (int -> int, string -> str, ...). */
export function contractTypeOf(xsType: string | null): SoapType | undefined {
  for (const op of operations) {
    const i = referenceParams(op, DEFAULT_NAMESPACE).findIndex((p) => p.type === xsType);
    if (i >= 0) return op.params[i]!.type;
  }
  return undefined;
}
