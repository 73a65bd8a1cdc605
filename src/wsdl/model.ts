/**
 * A WSDL 1.1 document as plain data: just what the contract comparison and `contract --from-wsdl`
 * read. References between parts (message, portType, binding) are kept as resolved QNames.
 */
import type { TransportId } from '../transports/types.js';
import type { QName } from './namespaces.js';

/** A type reference: the local name for a built-in XML Schema type (`int`, `string`, `dateTime`,
 * `boolean`, ...), Clark notation `{ns}local` for any other, null when the element has no type. */
export type TypeName = string | null;

/** One `<xs:element>` of a sequence. minOccurs and maxOccurs default to 1 (XML Schema 3.3.2). */
export interface Particle {
  readonly name: string;
  readonly type: TypeName;
  readonly minOccurs: number;
  readonly maxOccurs: number | 'unbounded';
  readonly nillable: boolean;
}

/** A global element of a schema in `<wsdl:types>`. `sequence` is null when its type is not a
 * (possibly empty) sequence of elements, e.g. a simple type. */
export interface SchemaElement {
  readonly ns: string | null;
  readonly name: string;
  readonly type: TypeName;
  readonly nillable: boolean;
  readonly sequence: readonly Particle[] | null;
}

export interface Schema {
  readonly targetNamespace: string | null;
  readonly elementFormDefault: 'qualified' | 'unqualified';
  readonly elements: readonly SchemaElement[];
}

export interface MessagePart {
  readonly name: string;
  readonly element: QName | null;
  readonly type: TypeName;
}

export interface Message {
  readonly name: string;
  readonly parts: readonly MessagePart[];
}

export interface PortTypeOperation {
  readonly name: string;
  readonly input: QName | null;
  readonly output: QName | null;
}

export interface PortType {
  readonly name: string;
  readonly operations: readonly PortTypeOperation[];
}

export interface BindingOperation {
  readonly name: string;
  /** soap:operation/@soapAction or soap12:operation/@soapAction; null when absent. */
  readonly soapAction: string | null;
  /** http:operation/@location; null when absent. */
  readonly location: string | null;
}

export interface Binding {
  readonly name: string;
  readonly type: QName | null;
  /** Detected from the namespace of the binding's extension element (soap, soap12 or http with
   * its verb); null when it is none of the four. */
  readonly protocol: TransportId | null;
  readonly operations: readonly BindingOperation[];
}

export interface Port {
  readonly name: string;
  readonly binding: QName | null;
  /** soap:address, soap12:address or http:address location; null when there is none. */
  readonly address: string | null;
}

export interface Service {
  readonly name: string;
  readonly ports: readonly Port[];
}

export interface WsdlModel {
  readonly targetNamespace: string | null;
  readonly schemas: readonly Schema[];
  readonly messages: readonly Message[];
  readonly portTypes: readonly PortType[];
  readonly bindings: readonly Binding[];
  readonly services: readonly Service[];
}
