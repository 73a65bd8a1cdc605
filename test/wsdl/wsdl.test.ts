/**
 * The reconstructed WSDL and XSD: the checked-in files equal the generator's output, libxml2
 * accepts both schemas, and the structure matches the contract and ASMX's conventions.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { DEFAULT_NAMESPACE, operations, soapAction, type SoapType } from '../../src/contract/index.js';
import { compileSchema, parseXml, type XmlElement } from '../../src/decode/xml.js';
import { DEFAULT_WSDL_BASE_URL, generateWsdl, generateXsd } from '../../src/wsdl/generate.js';

const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';
const XS = 'http://www.w3.org/2001/XMLSchema';
const WSDL_SOAP = 'http://schemas.xmlsoap.org/wsdl/soap/';
const WSDL_SOAP12 = 'http://schemas.xmlsoap.org/wsdl/soap12/';
const WSDL_HTTP = 'http://schemas.xmlsoap.org/wsdl/http/';
const NS = 'http://www.tigerpawsoftware.com';

const repoFile = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

function checkedIn(path: string): string {
  const file = repoFile(path);
  expect(existsSync(file), `${path} is missing: run \`npm run wsdl\` to write it`).toBe(true);
  return readFileSync(file, 'utf8');
}

function root(text: string): XmlElement {
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(`not well-formed: ${parsed.error}`);
  return parsed.root;
}

const kids = (el: XmlElement, ns: string, name: string) => el.children.filter((c) => c.ns === ns && c.name === name);
function only(el: XmlElement, ns: string, name: string): XmlElement {
  const found = kids(el, ns, name);
  expect(found.map((c) => c.name), `one {${ns}}${name} under ${el.name} ${el.attrs['name'] ?? ''}`).toEqual([name]);
  return found[0]!;
}

/** The schema embedded in a WSDL as a standalone document: its text, with the namespace
 * declarations it inherits from wsdl:definitions declared on it. */
function embeddedSchema(wsdl: string, ns: string): string {
  const start = wsdl.indexOf('<s:schema ');
  const end = wsdl.indexOf('</s:schema>') + '</s:schema>'.length;
  expect([start > 0, end > start]).toEqual([true, true]);
  return wsdl.slice(start, end).replace('<s:schema ', `<s:schema xmlns:s="${XS}" xmlns:tns="${ns}" `);
}

/** What the XSD declares for one parameter: ASMX's XmlSerializer makes value types required. */
const XSD_OF: Record<SoapType, { type: string; minOccurs: string }> = {
  int: { type: 's:int', minOccurs: '1' },
  dt: { type: 's:dateTime', minOccurs: '1' },
  bool: { type: 's:boolean', minOccurs: '1' },
  str: { type: 's:string', minOccurs: '0' },
};

const wsdl = generateWsdl({ namespace: DEFAULT_NAMESPACE, baseUrl: DEFAULT_WSDL_BASE_URL });
const xsd = generateXsd(DEFAULT_NAMESPACE);

describe('checked-in files', () => {
  test('wsdl/tsiWS.wsdl equals the generator output (npm run wsdl)', () => {
    expect(checkedIn('wsdl/tsiWS.wsdl')).toBe(wsdl);
  });
  test('wsdl/tsiWS.xsd equals the generator output (npm run wsdl)', () => {
    expect(checkedIn('wsdl/tsiWS.xsd')).toBe(xsd);
  });
  test('the defaults written into them', () => {
    expect([DEFAULT_NAMESPACE, DEFAULT_WSDL_BASE_URL]).toEqual([NS, 'http://localhost']);
  });
});

describe('libxml2 accepts the schemas', () => {
  const valid = root(`<MobileContactEmailDelete xmlns="${NS}"><emailid>1</emailid><repnumber>2</repnumber><timestamp>t</timestamp><sig>s</sig><mobilekey>k</mobilekey></MobileContactEmailDelete>`);
  const missingInt = root(`<MobileContactEmailDelete xmlns="${NS}"><repnumber>2</repnumber></MobileContactEmailDelete>`);
  const badInt = root(`<MobileContactEmailDelete xmlns="${NS}"><emailid>x</emailid><repnumber>2</repnumber></MobileContactEmailDelete>`);

  for (const [name, text] of [['wsdl/tsiWS.xsd', xsd], ['the schema embedded in the WSDL', embeddedSchema(wsdl, NS)]] as const) {
    test(`${name} compiles and validates`, () => {
      // compileSchema only parses; libxml2 compiles the schema on the first validate, and throws
      // "Invalid XSD schema" there when it cannot.
      const schema = compileSchema(text);
      expect(schema.validate(valid)).toEqual([]);
      expect(schema.validate(missingInt)).toEqual([
        `Element '{${NS}}repnumber': This element is not expected. Expected is ( {${NS}}emailid ).`,
      ]);
      expect(schema.validate(badInt)).toEqual([`Element '{${NS}}emailid': 'x' is not a valid value of the atomic type 'xs:int'.`]);
    });
  }

  test('an invalid schema is refused (the test above can fail)', () => {
    const broken = compileSchema(`<s:schema xmlns:s="${XS}"><s:element name="a" type="s:nope"/></s:schema>`);
    expect(() => broken.validate(root('<a/>'))).toThrow('Invalid XSD schema');
  });

  test('the embedded schema is the standalone XSD (same elements and attributes; indentation differs)', () => {
    const shape = (el: XmlElement): unknown => [el.ns, el.name, el.attrs, el.children.map(shape)];
    expect(shape(root(embeddedSchema(wsdl, NS)))).toEqual(shape(root(xsd)));
  });
});

describe('structure', () => {
  const defs = root(wsdl);

  test('definitions: targetNamespace and one schema of 41 global elements', () => {
    expect([defs.ns, defs.name, defs.attrs['targetNamespace']]).toEqual([WSDL_NS, 'definitions', NS]);
    const schema = only(only(defs, WSDL_NS, 'types'), XS, 'schema');
    expect(schema.attrs).toEqual({ elementFormDefault: 'qualified', targetNamespace: NS });
    expect(kids(schema, XS, 'element')).toHaveLength(operations.length * 2 + 1);
  });

  for (const [label, schemaOf] of [
    ['XSD', () => root(xsd)],
    ['WSDL', () => only(only(defs, WSDL_NS, 'types'), XS, 'schema')],
  ] as const) {
    test(`${label}: each request element's sequence is the contract's, in order, with ASMX's minOccurs`, () => {
      const elements = kids(schemaOf(), XS, 'element');
      for (const op of operations) {
        const el = elements.find((e) => e.attrs['name'] === op.name)!;
        const seq = only(only(el, XS, 'complexType'), XS, 'sequence');
        expect(seq.children.map((c) => [c.name, c.attrs]), op.name).toEqual(op.params.map((p) => [
          'element', { minOccurs: XSD_OF[p.type].minOccurs, maxOccurs: '1', name: p.name, type: XSD_OF[p.type].type },
        ]));
      }
    });

    test(`${label}: <Op>Response holds an optional <Op>Result string; a nillable global string`, () => {
      const elements = kids(schemaOf(), XS, 'element');
      for (const op of operations) {
        const el = elements.find((e) => e.attrs['name'] === `${op.name}Response`)!;
        const seq = only(only(el, XS, 'complexType'), XS, 'sequence');
        expect(seq.children.map((c) => c.attrs), op.name).toEqual([
          { minOccurs: '0', maxOccurs: '1', name: `${op.name}Result`, type: 's:string' },
        ]);
      }
      expect(elements.map((e) => e.attrs['name'])).toEqual([...operations.flatMap((o) => [o.name, `${o.name}Response`]), 'string']);
      expect(elements.at(-1)!.attrs).toEqual({ name: 'string', nillable: 'true', type: 's:string' });
    });
  }

  test('messages: SoapIn/Out, HttpGetIn/Out, HttpPostIn/Out per operation; HTTP parts in contract order', () => {
    const messages = kids(defs, WSDL_NS, 'message');
    expect(messages).toHaveLength(operations.length * 6);
    for (const op of operations) {
      const msg = (n: string) => messages.find((m) => m.attrs['name'] === `${op.name}${n}`)!;
      expect(msg('SoapIn').children.map((c) => c.attrs)).toEqual([{ name: 'parameters', element: `tns:${op.name}` }]);
      expect(msg('SoapOut').children.map((c) => c.attrs)).toEqual([{ name: 'parameters', element: `tns:${op.name}Response` }]);
      for (const proto of ['HttpGet', 'HttpPost']) {
        expect(msg(`${proto}In`).children.map((c) => c.attrs)).toEqual(op.params.map((p) => ({ name: p.name, type: 's:string' })));
        expect(msg(`${proto}Out`).children.map((c) => c.attrs)).toEqual([{ name: 'Body', element: 'tns:string' }]);
      }
    }
  });

  test('four bindings: soap, soap12, http GET, http POST', () => {
    const bindings = kids(defs, WSDL_NS, 'binding');
    expect(bindings.map((b) => [b.attrs['name'], b.attrs['type'], b.children[0]!.ns, b.children[0]!.name, b.children[0]!.attrs])).toEqual([
      ['tsiWSSoap', 'tns:tsiWSSoap', WSDL_SOAP, 'binding', { transport: 'http://schemas.xmlsoap.org/soap/http' }],
      ['tsiWSSoap12', 'tns:tsiWSSoap', WSDL_SOAP12, 'binding', { transport: 'http://schemas.xmlsoap.org/soap/http' }],
      ['tsiWSHttpGet', 'tns:tsiWSHttpGet', WSDL_HTTP, 'binding', { verb: 'GET' }],
      ['tsiWSHttpPost', 'tns:tsiWSHttpPost', WSDL_HTTP, 'binding', { verb: 'POST' }],
    ]);
    for (const b of bindings) expect(kids(b, WSDL_NS, 'operation').map((o) => o.attrs['name'])).toEqual(operations.map((o) => o.name));
    const http = bindings.slice(2).flatMap((b) => kids(b, WSDL_NS, 'operation').map((o) => only(o, WSDL_HTTP, 'operation').attrs['location']));
    expect(http).toEqual([...operations, ...operations].map((o) => `/${o.name}`));
  });

  test('port types: tsiWSSoap, tsiWSHttpGet, tsiWSHttpPost', () => {
    expect(kids(defs, WSDL_NS, 'portType').map((p) => p.attrs['name'])).toEqual(['tsiWSSoap', 'tsiWSHttpGet', 'tsiWSHttpPost']);
  });

  test('service tsiWS with four ports at the base URL plus the service path', () => {
    const service = only(defs, WSDL_NS, 'service');
    expect(service.attrs).toEqual({ name: 'tsiWS' });
    expect(service.children.map((p) => [p.name, p.attrs, p.children.map((a) => [a.ns, a.name, a.attrs])])).toEqual([
      ['port', { name: 'tsiWSSoap', binding: 'tns:tsiWSSoap' }, [[WSDL_SOAP, 'address', { location: 'http://localhost/api/rmm/tsiWS.asmx' }]]],
      ['port', { name: 'tsiWSSoap12', binding: 'tns:tsiWSSoap12' }, [[WSDL_SOAP12, 'address', { location: 'http://localhost/api/rmm/tsiWS.asmx' }]]],
      ['port', { name: 'tsiWSHttpGet', binding: 'tns:tsiWSHttpGet' }, [[WSDL_HTTP, 'address', { location: 'http://localhost/api/rmm/tsiWS.asmx' }]]],
      ['port', { name: 'tsiWSHttpPost', binding: 'tns:tsiWSHttpPost' }, [[WSDL_HTTP, 'address', { location: 'http://localhost/api/rmm/tsiWS.asmx' }]]],
    ]);
  });

  test('a base URL with a trailing slash and a port gives one slash before the service path', () => {
    const service = only(root(generateWsdl({ namespace: NS, baseUrl: 'http://127.0.0.1:8080/' })), WSDL_NS, 'service');
    expect(service.children.map((p) => p.children[0]!.attrs['location'])).toEqual(Array(4).fill('http://127.0.0.1:8080/api/rmm/tsiWS.asmx'));
  });
});

describe('soapAction', () => {
  /** soapAction of every operation in both SOAP bindings, in binding order. */
  function actions(text: string): Array<[string, string | undefined, string | undefined]> {
    const bindings = kids(root(text), WSDL_NS, 'binding').slice(0, 2);
    return bindings.flatMap((b, i) => kids(b, WSDL_NS, 'operation').map((o): [string, string | undefined, string | undefined] => {
      const soapOp = only(o, i === 0 ? WSDL_SOAP : WSDL_SOAP12, 'operation');
      return [o.attrs['name']!, soapOp.attrs['soapAction'], soapOp.attrs['style']];
    }));
  }

  test('is `${ns}/${op}` for every operation, document style, in both SOAP bindings', () => {
    const expected = operations.map((op): [string, string, string] => [op.name, `http://www.tigerpawsoftware.com/${op.name}`, 'document']);
    expect(actions(wsdl)).toEqual([...expected, ...expected]);
  });

  test('with a namespace ending in "/" it is ns + op (no doubled slash)', () => {
    const ns = 'http://example.test/ws/';
    const text = generateWsdl({ namespace: ns, baseUrl: 'http://h' });
    const expected = operations.map((op): [string, string, string] => [op.name, `http://example.test/ws/${op.name}`, 'document']);
    expect(actions(text)).toEqual([...expected, ...expected]);
    expect(root(text).attrs['targetNamespace']).toBe(ns);
    expect(operations.map((op) => soapAction(ns, op))).toEqual(expected.map(([, action]) => action));
  });

  test('a custom namespace reaches targetNamespace, the schema and tns', () => {
    const ns = 'http://example.test/ws';
    const defs = root(generateWsdl({ namespace: ns, baseUrl: 'http://h' }));
    const schema = only(only(defs, WSDL_NS, 'types'), XS, 'schema');
    expect([defs.attrs['targetNamespace'], schema.attrs['targetNamespace']]).toEqual([ns, ns]);
    expect(root(generateXsd(ns)).attrs['targetNamespace']).toBe(ns);
    expect(actions(generateWsdl({ namespace: ns, baseUrl: 'http://h' }))[0]).toEqual(['MobileTimeLogCreate', 'http://example.test/ws/MobileTimeLogCreate', 'document']);
  });
});
