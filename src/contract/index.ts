/** Lookups over the contract table. Everything else asks these instead of restating the table. */
import { operations, type Operation } from './operations.js';

export * from './operations.js';
export * from './vocabulary.js';

/** The default namespace: the public help page of Tigerpaw Software's live tsiWS shows SOAPAction
 * "http://www.tigerpawsoftware.com/<Op>" and body elements in this namespace (issue 2). */
export const DEFAULT_NAMESPACE = 'http://www.tigerpawsoftware.com';

/** The one endpoint path of the service (spec, Transports table). */
export const SERVICE_PATH = '/api/rmm/tsiWS.asmx';

/** The scheme and host the reconstructed WSDL writes into its port addresses (wsdl --base-url's default). */
export const DEFAULT_WSDL_BASE_URL = 'http://localhost';

/** The service class name ASMX derives port, binding and service names from (issue 2). */
export const SERVICE_NAME = 'tsiWS';

/** Authentication parameters whose values are secrets and are redacted wherever they are shown
 * (spec, Authentication), mapped to the spec's placeholders. */
export const SECRET_PLACEHOLDERS: Readonly<Record<string, string>> = Object.freeze({
  sig: '<SIGNATURE>',
  timestamp: '<TIMESTAMP>',
  mobilekey: '<MOBILE_KEY>',
});

/** Parameters whose values come from authentication configuration, not from the case generator. */
export const AUTH_PARAMS: readonly string[] = Object.freeze(['repnumber', 'timestamp', 'sig', 'mobilekey']);

const byName = new Map(operations.map((op) => [op.name, op]));

export function findOperation(name: string): Operation | undefined {
  return byName.get(name);
}

export function getOperation(name: string): Operation {
  const op = byName.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op;
}

export function hasMobileKey(op: Operation): boolean {
  return op.params.some((p) => p.name === 'mobilekey');
}

export function isMutating(op: Operation): boolean {
  return op.class === 'create' || op.class === 'update' || op.class === 'delete';
}


/** SOAPAction of an operation. ASMX joins namespace and method name with one '/' unless the
 * namespace already ends in '/' (System.Web.Services SoapReflector: `ns.EndsWith("/") ? ns + name
 * : ns + "/" + name`); the spec's "{namespace}/<Op>" states the same for a namespace without one. */
export function soapAction(namespace: string, op: Operation): string {
  return namespace.endsWith('/') ? namespace + op.name : `${namespace}/${op.name}`;
}

export const responseElementName = (op: Operation): string => `${op.name}Response`;
export const resultElementName = (op: Operation): string => `${op.name}Result`;
