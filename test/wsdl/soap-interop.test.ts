/**
 * The reconstructed WSDL works with a real SOAP stack: node-soap loads wsdl/tsiWS.wsdl from the
 * file, calls all 20 operations against the embedded reference server over SOAP 1.1 and SOAP 1.2
 * (`forceSoap12Headers`), and each result is the server's JSON echo of the typed values sent.
 */
import { fileURLToPath } from 'node:url';
import * as soap from 'soap';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_NAMESPACE, operations, SECRET_PLACEHOLDERS, SERVICE_PATH, soapAction, type Operation, type SoapType } from '../../src/contract/index.js';
import { parseXml } from '../../src/decode/xml.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';

const WSDL_FILE = fileURLToPath(new URL('../../wsdl/tsiWS.wsdl', import.meta.url));

/** A representative value per contract type, as node-soap takes it. Strings carry XML's special
 * characters so escaping is exercised both ways. node-soap writes a Date object as an empty
 * element, so a dateTime is given in its lexical form (already the server's canonical form). */
const sample: Record<SoapType, (name: string, index: number) => string | number | boolean> = {
  int: (_name, index) => 1000 + index,
  str: (name) => `${name} <x> & "y"`,
  dt: (_name, index) => `2024-05-${String(10 + index).padStart(2, '0')}T09:30:00Z`,
  bool: (_name, index) => index % 2 === 0,
};

const argsFor = (op: Operation) => Object.fromEntries(op.params.map((p, i) => [p.name, sample[p.type](p.name, i)]));

/** What the server echoes: every parameter except the secrets, in contract order (src/server/result.ts). */
const echoFor = (op: Operation) => JSON.stringify({
  operation: op.name,
  received: Object.fromEntries(Object.entries(argsFor(op)).filter(([name]) => !(name in SECRET_PLACEHOLDERS))),
});

type Call = (args: object) => Promise<[Record<string, string>, string, unknown, string]>;

const ENVELOPE = { soap11: 'http://schemas.xmlsoap.org/soap/envelope/', soap12: 'http://www.w3.org/2003/05/soap-envelope' } as const;

let server: ReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ port: 0 });
});
afterAll(() => server.close());

describe.each([
  ['soap11', false],
  ['soap12', true],
] as const)('node-soap over %s', (version, forceSoap12Headers) => {
  let client: soap.Client;
  beforeAll(async () => {
    client = await soap.createClientAsync(WSDL_FILE, { forceSoap12Headers });
    client.setEndpoint(`${server.url}${SERVICE_PATH}`);
  });

  test('sees service tsiWS with its two SOAP ports and the 20 operations in contract order', () => {
    const described = client.describe() as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.keys(described)).toEqual(['tsiWS']);
    expect(Object.keys(described['tsiWS']!)).toEqual(['tsiWSSoap', 'tsiWSSoap12']);
    expect(Object.keys(described['tsiWS']!['tsiWSSoap']!)).toEqual(operations.map((o) => o.name));
  });

  test.each(operations.map((op) => [op.name, op] as const))('%s returns the echo of the typed values sent', async (_name, op) => {
    const call = (client as unknown as Record<string, Call>)[`${op.name}Async`]!;
    const [result, rawResponse, , rawRequest] = await call.call(client, argsFor(op));
    expect(result).toEqual({ [`${op.name}Result`]: echoFor(op) });

    const request = parseXml(rawRequest);
    const response = parseXml(rawResponse);
    if (!request.ok || !response.ok) throw new Error('node-soap sent or received XML that is not well-formed');
    expect([request.root.ns, request.root.name]).toEqual([ENVELOPE[version], 'Envelope']);
    expect([response.root.ns, response.root.name]).toEqual([ENVELOPE[version], 'Envelope']);
    const headers = client.lastRequestHeaders as Record<string, string>;
    const action = soapAction(DEFAULT_NAMESPACE, op);
    if (version === 'soap11') expect([headers['Content-Type'], headers['SOAPAction']]).toEqual(['text/xml; charset=utf-8', `"${action}"`]);
    else expect([headers['Content-Type'], headers['SOAPAction']]).toEqual([`application/soap+xml; charset=utf-8; action="${action}"`, undefined]);
  });
});
