/** A drift: one way a WSDL differs from the reconstructed contract, as plain data. */
import type { TransportId } from '../transports/types.js';

/** Stable ids; reports and tests key on them. */
export type DriftKind =
  | 'wsdl-unreadable' // the target did not serve a WSDL that can be read
  | 'namespace' // targetNamespace of the definitions or of the schema holding the operations
  | 'element-form' // the schema's elementFormDefault is not qualified
  | 'operation-missing'
  | 'operation-extra'
  | 'binding-missing' // no binding of one of the four protocols
  | 'binding-operation-missing' // an operation absent from one protocol's binding
  | 'port-missing' // no port whose binding has one of the four protocols
  | 'address-path' // a port address or an http:operation location
  | 'soap-action'
  | 'request-element' // no <Op> element, or one that is not a sequence of parameters
  | 'parameter-missing'
  | 'parameter-extra'
  | 'parameter-renamed'
  | 'parameter-reordered'
  | 'parameter-type'
  | 'min-occurs'
  | 'max-occurs'
  | 'nillable'
  | 'result-element'
  | 'http-parameters'; // the HTTP GET/POST input parts

export interface Drift {
  readonly kind: DriftKind;
  readonly operation?: string;
  readonly parameter?: string;
  /** The binding's protocol, for drifts of a binding, its port or one of its operations. */
  readonly protocol?: TransportId;
  readonly expected: string;
  readonly actual: string;
  /** One line, naming the operation and parameter, e.g. "MobileTimeLogCreate: parameter
   * accountnumber changed type from int to string". */
  readonly message: string;
}

/** Written where something expected is not there at all. */
export const ABSENT = '(absent)';
