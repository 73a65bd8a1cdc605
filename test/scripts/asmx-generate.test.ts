/** The ASMX site generated from the contract (scripts/asmx/generate.ts); no Mono needed. */
import { describe, expect, test } from 'vitest';
import { asmxSource, webConfig } from '../../scripts/asmx/generate.js';
import { operations } from '../../src/contract/index.js';

const CS: Record<string, string> = { int: 'int', str: 'string', dt: 'DateTime', bool: 'bool' };
const source = asmxSource();

/** Every `[WebMethod] public string Name(parameters)` of the source, in order. */
const methods = [...source.matchAll(/\[WebMethod\]\s+public string (\w+)\(([^)]*)\)/g)].map((m) => ({
  name: m[1]!,
  params: m[2]!.split(', ').map((p) => p.split(' ') as [string, string]),
}));

describe('asmxSource', () => {
  test('declares the service class in the contract namespace', () => {
    expect(source.startsWith('<%@ WebService Language="C#" Class="tsiWS" %>\n')).toBe(true);
    expect(source).toContain('[WebService(Namespace = "http://www.tigerpawsoftware.com")]\npublic class tsiWS : WebService\n');
  });

  test('claims WS-I Basic Profile 1.1 only when asked, with the attribute of the ASMX template', () => {
    expect(source).not.toContain('WebServiceBinding');
    expect(asmxSource(undefined, true)).toContain('[WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1, EmitConformanceClaims = true)]\n[WebService(Namespace = "http://www.tigerpawsoftware.com")]\npublic class tsiWS');
  });

  test('one WebMethod per contract operation, parameters in contract order with their C# types', () => {
    expect(methods).toEqual(operations.map((op) => ({ name: op.name, params: op.params.map((p) => [CS[p.type], p.name]) })));
  });

  test('each method echoes every parameter but sig, timestamp and mobilekey, in contract order', () => {
    const op = operations.find((o) => o.name === 'MobileContactEmailDelete')!;
    expect(op.params.map((p) => p.name)).toEqual(['emailid', 'repnumber', 'timestamp', 'sig', 'mobilekey']);
    expect(source).toContain('return Echo.Result("MobileContactEmailDelete", "\\"emailid\\":" + Echo.Json(emailid), "\\"repnumber\\":" + Echo.Json(repnumber));');
  });
});

describe('webConfig', () => {
  test('enables HttpGet and HttpPost and leaves customErrors at its default unless asked', () => {
    const config = webConfig();
    expect(config).toContain('<protocols>\n        <add name="HttpGet" />\n        <add name="HttpPost" />\n      </protocols>');
    expect(config).not.toContain('customErrors');
    expect(webConfig({ customErrors: 'On' })).toContain('<customErrors mode="On" />');
  });
});
