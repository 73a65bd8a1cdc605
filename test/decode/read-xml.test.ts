/** parseXml reads through libxml2's SAX events where it can, and must read every document into
 * what libxml2's document gives (parseXmlDocument): the same tree, encoding and verdict, or the
 * document's own error. The requests a run sends and the answers it reads, and odd documents a
 * client or a target may send, are compared. */
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { valuesArbitrary, xmlText } from '../../src/cases/arbitraries.js';
import { soapFault, soapResult, stringResult } from '../../src/server/replies.js';
import { soap11, soap12 } from '../../src/transports/dialects.js';
import { operations } from '../../src/contract/index.js';
import { parseXml, parseXmlDocument } from '../../src/decode/xml.js';
import { getTransportById } from '../../src/transports/index.js';

const ctx = { namespace: 'http://www.tigerpawsoftware.com' };
const ENV = 'http://schemas.xmlsoap.org/soap/envelope/';

describe('the requests of a run, and the answers the embedded server gives them', () => {
  test.each(['soap11', 'soap12'] as const)('%s: fuzzed values of every operation read alike', (transport) => {
    const codec = getTransportById(transport);
    for (const op of operations) {
      fc.assert(fc.property(valuesArbitrary(op), (values) => {
        const body = codec.encode(ctx, op, values).body!;
        expect(parseXml(body)).toEqual(parseXmlDocument(body));
      }), { seed: 11, numRuns: 40 });
    }
  });

  test('results and faults of every operation, fuzzed texts in them, read alike', () => {
    for (const op of operations) {
      fc.assert(fc.property(xmlText(), (text) => {
        for (const body of [soapResult(soap11, ctx.namespace, op, text).body, soapResult(soap12, ctx.namespace, op, text).body, soapFault(soap12, 'client', text).body, stringResult(ctx.namespace, text).body]) {
          expect(parseXml(body)).toEqual(parseXmlDocument(body));
        }
      }), { seed: 12, numRuns: 20 });
    }
  });
});

const odd: Array<[string, string]> = [
  ['comments, processing instructions and CDATA', `<?xml version="1.0"?><!-- c --><s:Envelope xmlns:s="${ENV}"><s:Body><?pi x?><a xmlns="urn:a">x<!-- y --><![CDATA[<z>&]]>&#x1F600;&amp;&lt;</a></s:Body></s:Envelope>`],
  ['whitespace between elements', `<s:Envelope xmlns:s="${ENV}">\n  <s:Body>\n    <a xmlns="urn:a">\n      <b> 1 </b>\n    </a>\n  </s:Body>\n</s:Envelope>\n`],
  ['prefixed and default namespaces redeclared, attributes in and out of them', `<s:Envelope xmlns:s="${ENV}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance"><s:Body s:x="1" y="2"><a xmlns="urn:a"><b xmlns="" i:nil="true"/><c xmlns:s="urn:other"><s:d/></c></a></s:Body></s:Envelope>`],
  ['an empty element and an empty body', `<s:Envelope xmlns:s="${ENV}"><s:Body/></s:Envelope>`],
  ['line ends and attribute values to normalise', `<a x="1\r\n2&#10;3\t4" y='&lt;&quot;'>a\r\nb\rc</a>`],
  ['a long text in many chunks, with references', `<a>${'x&amp;y&#233;'.repeat(30_000)}</a>`],
  ['xml:space and xml:lang', `<a xml:space="preserve" xml:lang="en"> <b> </b> </a>`],
  ['a byte order mark', `\uFEFF<?xml version="1.0" encoding="utf-8"?><a/>`],
  ['UTF-8 declared in capitals', `<?xml version="1.0" encoding="UTF-8"?><a>é</a>`],
  ['another encoding declared', `<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>`],
  ['standalone declared', `<?xml version="1.0" standalone="yes"?><a/>`],
  ['XML 1.1', `<?xml version="1.1"?><a>x</a>`],
  ['a DOCTYPE with an entity', `<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>`],
  ['a lower-case doctype', `<!doctype a><a/>`],
  ['an undeclared prefix', `<s:Envelope><s:Body/></s:Envelope>`],
  ['an undeclared entity', `<a>&nbsp;</a>`],
  ['mismatched tags', `<a><b></a></b>`],
  ['cut short', `<s:Envelope xmlns:s="${ENV}"><s:Body><a>`],
  ['two roots', `<a/><b/>`],
  ['text after the root', `<a/>x`],
  ['a declaration not at the start', ` <?xml version="1.0"?><a/>`],
  ['a control character', `<a>\u0001</a>`],
  ['a duplicate attribute', `<a x="1" x="2"/>`],
  ['nothing', ''],
  ['only a declaration', '<?xml version="1.0"?>'],
  ['nesting deeper than allowed', `${'<a>'.repeat(300)}${'</a>'.repeat(300)}`],
];

test.each(odd)('%s: read alike', (_, text) => {
  expect(parseXml(text)).toEqual(parseXmlDocument(text));
});

test('leaves nothing of libxml2 behind, where a document stays until full collections', () => {
  const libxml = createRequire(import.meta.url)('libxmljs2') as { memoryUsage(): number };
  const request = getTransportById('soap11').encode(ctx, operations[0]!, {}).body!;
  const growth = (read: (text: string) => unknown) => {
    const before = libxml.memoryUsage();
    for (let i = 0; i < 2000; i++) read(request);
    return libxml.memoryUsage() - before;
  };
  expect(growth(parseXml)).toBeLessThan(64 * 1024);
  // The same loop through the document, for scale: several MiB.
  expect(growth(parseXmlDocument)).toBeGreaterThan(2 * 1024 * 1024);
});
