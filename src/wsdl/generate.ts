/**
 * The WSDL an ASMX service publishes at `?WSDL` for this contract, reconstructed from the contract
 * table. Structure follows ASMX-generated WSDLs that publish all four protocols, e.g. the public
 * w3schools TempConvert.asmx and 27seconds HolidayService.asmx WSDLs: namespace declarations in
 * ASMX's order; one schema with elementFormDefault="qualified"; value-type parameters minOccurs=1,
 * strings minOccurs=0; `<Op>Response` holding an optional `<Op>Result` string; a global nillable
 * `string` element for the HTTP bindings; messages `<Op>SoapIn/Out`, `<Op>HttpGetIn/Out`,
 * `<Op>HttpPostIn/Out` (HTTP parts typed s:string, output part `Body`); port types and bindings
 * `<Svc>Soap`, `<Svc>Soap12`, `<Svc>HttpGet`, `<Svc>HttpPost`; one service with four ports.
 */
import {
  operations, SERVICE_NAME, SERVICE_PATH, soapAction, responseElementName, resultElementName,
  type Operation, type SoapType,
} from '../contract/index.js';
import { buildDocument } from '../xml/build.js';

export interface WsdlOptions {
  readonly namespace: string;
  /** Scheme and host of the service, e.g. http://localhost; the service path is appended. */
  readonly baseUrl: string;
}

const XS = 'http://www.w3.org/2001/XMLSchema';

/** xs type and minOccurs per SOAP type, as XmlSerializer/ASMX emit them (value types are required). */
const xsdOf: Record<SoapType, { type: string; minOccurs: '0' | '1' }> = {
  int: { type: 's:int', minOccurs: '1' },
  str: { type: 's:string', minOccurs: '0' },
  dt: { type: 's:dateTime', minOccurs: '1' },
  bool: { type: 's:boolean', minOccurs: '1' },
};

/** The XSD built-in type (prefix `s:`, XML Schema's namespace) the schema gives a parameter of `type`. */
export const xsdTypeOf = (type: SoapType): string => xsdOf[type].type;

/** The namespace the `s:` prefix of xsdTypeOf's names stands for. */
export const XSD_NS = XS;

const el = (name: string, minOccurs: string, type: string) => ({
  '@_minOccurs': minOccurs, '@_maxOccurs': '1', '@_name': name, '@_type': type,
});

const sequence = (elements: object[]) =>
  elements.length === 0 ? { 's:complexType': '' } : { 's:complexType': { 's:sequence': { 's:element': elements } } };

/** The names of the schema's global elements: each operation's request and response, and `string`. */
export const GLOBAL_ELEMENTS: readonly string[] = [...operations.flatMap((op) => [op.name, responseElementName(op)]), 'string'];

/** A response element's declaration in the schema, as data: either s:string content, or a sequence
 * of s:string children. The schema below is written from these, and so is every other reading of a
 * response's shape (the Postman collection's xsd-valid assertion, report/foreign/postman-xsd.ts). */
export type ResponseDeclaration =
  | { readonly name: string; readonly nillable: boolean; readonly type: 's:string' }
  | { readonly name: string; readonly nillable: false; readonly sequence: ReadonlyArray<{ readonly name: string; readonly minOccurs: 0 | 1; readonly maxOccurs: 1; readonly type: 's:string' }> };

/** SOAP: <Op>Response holding an optional <Op>Result string (ASMX: a string return value may be null). */
export const soapResponseDeclaration = (op: Operation): ResponseDeclaration =>
  ({ name: responseElementName(op), nillable: false, sequence: [{ name: resultElementName(op), minOccurs: 0, maxOccurs: 1, type: 's:string' }] });

/** HTTP GET and POST: the global nillable `string` element every operation's output part names. */
export const STRING_DECLARATION: ResponseDeclaration = { name: 'string', nillable: true, type: 's:string' };

function declared(d: ResponseDeclaration): { readonly '@_name': string; readonly [k: string]: unknown } {
  if ('type' in d) return { '@_name': d.name, ...(d.nillable ? { '@_nillable': 'true' } : {}), '@_type': d.type };
  return { '@_name': d.name, ...sequence(d.sequence.map((c) => el(c.name, String(c.minOccurs), c.type))) };
}

function schemaBody(namespace: string, only?: string): Record<string, unknown> {
  const elements: Array<{ readonly '@_name': string; readonly [k: string]: unknown }> = [];
  for (const op of operations) {
    elements.push({ '@_name': op.name, ...sequence(op.params.map((p) => el(p.name, xsdOf[p.type].minOccurs, xsdOf[p.type].type))) });
    elements.push(declared(soapResponseDeclaration(op)));
  }
  elements.push(declared(STRING_DECLARATION));
  return { '@_elementFormDefault': 'qualified', '@_targetNamespace': namespace, 's:element': only === undefined ? elements : elements.filter((e) => e['@_name'] === only) };
}

/** The standalone XSD of the request, response and `string` elements; with `only`, of that one
 * global element (GLOBAL_ELEMENTS): every element is declared inline with built-in types, so an
 * instance of it validates against the one declaration exactly as against the whole schema. */
export function generateXsd(namespace: string, only?: string): string {
  return buildDocument({ 's:schema': { '@_xmlns:s': XS, '@_xmlns:tns': namespace, ...schemaBody(namespace, only) } });
}

const protocols = ['Soap', 'HttpGet', 'HttpPost'] as const;

function messages(): object[] {
  const out: object[] = [];
  for (const proto of protocols) {
    for (const op of operations) {
      if (proto === 'Soap') {
        out.push({ '@_name': `${op.name}SoapIn`, 'wsdl:part': { '@_name': 'parameters', '@_element': `tns:${op.name}` } });
        out.push({ '@_name': `${op.name}SoapOut`, 'wsdl:part': { '@_name': 'parameters', '@_element': `tns:${responseElementName(op)}` } });
      } else {
        out.push({ '@_name': `${op.name}${proto}In`, 'wsdl:part': op.params.map((p) => ({ '@_name': p.name, '@_type': 's:string' })) });
        out.push({ '@_name': `${op.name}${proto}Out`, 'wsdl:part': { '@_name': 'Body', '@_element': 'tns:string' } });
      }
    }
  }
  return out;
}

function portType(suffix: string, proto: (typeof protocols)[number]): object {
  return {
    '@_name': `${SERVICE_NAME}${suffix}`,
    'wsdl:operation': operations.map((op) => ({
      '@_name': op.name,
      'wsdl:input': { '@_message': `tns:${op.name}${proto}In` },
      'wsdl:output': { '@_message': `tns:${op.name}${proto}Out` },
    })),
  };
}

function soapBinding(prefix: 'soap' | 'soap12', suffix: string, namespace: string): object {
  const body = { [`${prefix}:body`]: { '@_use': 'literal' } };
  return {
    '@_name': `${SERVICE_NAME}${suffix}`,
    '@_type': `tns:${SERVICE_NAME}Soap`,
    [`${prefix}:binding`]: { '@_transport': 'http://schemas.xmlsoap.org/soap/http' },
    'wsdl:operation': operations.map((op: Operation) => ({
      '@_name': op.name,
      [`${prefix}:operation`]: { '@_soapAction': soapAction(namespace, op), '@_style': 'document' },
      'wsdl:input': body,
      'wsdl:output': body,
    })),
  };
}

function httpBinding(verb: 'GET' | 'POST'): object {
  const suffix = verb === 'GET' ? 'HttpGet' : 'HttpPost';
  const input = verb === 'GET' ? { 'http:urlEncoded': '' } : { 'mime:content': { '@_type': 'application/x-www-form-urlencoded' } };
  return {
    '@_name': `${SERVICE_NAME}${suffix}`,
    '@_type': `tns:${SERVICE_NAME}${suffix}`,
    'http:binding': { '@_verb': verb },
    'wsdl:operation': operations.map((op) => ({
      '@_name': op.name,
      'http:operation': { '@_location': `/${op.name}` },
      'wsdl:input': input,
      'wsdl:output': { 'mime:mimeXml': { '@_part': 'Body' } },
    })),
  };
}

/** The full WSDL 1.1 document. */
export function generateWsdl({ namespace, baseUrl }: WsdlOptions): string {
  const location = baseUrl.replace(/\/+$/, '') + SERVICE_PATH;
  const port = (suffix: string, addr: string) => ({
    '@_name': `${SERVICE_NAME}${suffix}`, '@_binding': `tns:${SERVICE_NAME}${suffix}`, [addr]: { '@_location': location },
  });
  return buildDocument({
    'wsdl:definitions': {
      '@_xmlns:soap': 'http://schemas.xmlsoap.org/wsdl/soap/',
      '@_xmlns:tm': 'http://microsoft.com/wsdl/mime/textMatching/',
      '@_xmlns:soapenc': 'http://schemas.xmlsoap.org/soap/encoding/',
      '@_xmlns:mime': 'http://schemas.xmlsoap.org/wsdl/mime/',
      '@_xmlns:tns': namespace,
      '@_xmlns:s': XS,
      '@_xmlns:soap12': 'http://schemas.xmlsoap.org/wsdl/soap12/',
      '@_xmlns:http': 'http://schemas.xmlsoap.org/wsdl/http/',
      '@_targetNamespace': namespace,
      '@_xmlns:wsdl': 'http://schemas.xmlsoap.org/wsdl/',
      'wsdl:types': { 's:schema': schemaBody(namespace) },
      'wsdl:message': messages(),
      'wsdl:portType': [portType('Soap', 'Soap'), portType('HttpGet', 'HttpGet'), portType('HttpPost', 'HttpPost')],
      'wsdl:binding': [soapBinding('soap', 'Soap', namespace), soapBinding('soap12', 'Soap12', namespace), httpBinding('GET'), httpBinding('POST')],
      'wsdl:service': {
        '@_name': SERVICE_NAME,
        'wsdl:port': [port('Soap', 'soap:address'), port('Soap12', 'soap12:address'), port('HttpGet', 'http:address'), port('HttpPost', 'http:address')],
      },
    },
  });
}

/** Default base URL written into the checked-in WSDL; a server rewrites it with its own address. */
export { DEFAULT_WSDL_BASE_URL } from '../contract/index.js';
