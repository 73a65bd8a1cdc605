/** xsd-valid validates against a schema of the element's own declaration (libxmljs2 rebuilds the
 * schema on every validation): the verdicts must be exactly those of the whole schema. */
import { expect, test } from 'vitest';
import { DEFAULT_NAMESPACE as NS, operations } from '../../src/contract/index.js';
import { compileSchema, parseXml } from '../../src/decode/xml.js';
import { GLOBAL_ELEMENTS, generateXsd } from '../../src/wsdl/generate.js';

const whole = compileSchema(generateXsd(NS));
const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const op = operations[0]!;

const instances = [
  `<${op.name}Response xmlns="${NS}"><${op.name}Result>text</${op.name}Result></${op.name}Response>`,
  `<${op.name}Response xmlns="${NS}"/>`,
  `<${op.name}Response xmlns="${NS}"><${op.name}Result><b>x</b></${op.name}Result></${op.name}Response>`,
  `<${op.name}Response xmlns="${NS}"><Other/></${op.name}Response>`,
  `<${op.name}Response xmlns="${NS}"><${op.name}Result>a</${op.name}Result><${op.name}Result>b</${op.name}Result></${op.name}Response>`,
  `<string xmlns="${NS}">text</string>`,
  `<string xmlns:xsi="${XSI}" xsi:nil="true" xmlns="${NS}"/>`,
  `<string xmlns="${NS}"><b/></string>`,
  `<${op.name} xmlns="${NS}"/>`, // a request element missing its required value-type parameters
];

test.each(instances)('%s: the same verdict from its own declaration as from the whole schema', (xml) => {
  const parsed = parseXml(xml);
  if (!parsed.ok) throw new Error(parsed.error);
  const own = compileSchema(generateXsd(NS, parsed.root.name));
  expect(own.validate(parsed.root)).toEqual(whole.validate(parsed.root));
});

test('some of those instances are invalid, so the comparison can tell', () => {
  const verdicts = instances.map((xml) => whole.validate((parseXml(xml) as Extract<ReturnType<typeof parseXml>, { ok: true }>).root).length > 0);
  expect(verdicts).toEqual([false, false, true, true, true, false, false, true, true]);
});

test('every global element has a schema of its own with exactly that declaration', () => {
  expect(GLOBAL_ELEMENTS).toHaveLength(operations.length * 2 + 1);
  for (const name of GLOBAL_ELEMENTS) expect(generateXsd(NS, name).match(/<s:element name="/g) ?? []).toHaveLength(1);
});

test.each(instances)('%s: validated as a parsed document, the same verdict as cut out of a SOAP Body', (xml) => {
  // A root validates through its own parse; a Body child is serialised and parsed again.
  const root = parseXml(xml);
  const envelope = parseXml(`<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>${xml}</soap:Body></soap:Envelope>`);
  if (!root.ok || !envelope.ok) throw new Error('not well-formed');
  const bodyChild = envelope.root.children[0]!.children[0]!;
  expect(whole.validate(root.root)).toEqual(whole.validate(bodyChild));
});
