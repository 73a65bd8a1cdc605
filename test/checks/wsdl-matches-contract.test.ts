/** The service-level check: the published WSDL against the reconstructed contract. */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { wsdlMatchesContract } from '../../src/checks/wsdl-matches-contract.js';
import { DEFAULT_NAMESPACE } from '../../src/contract/index.js';
import { PROFILES } from '../../src/profiles/expectations.js';
import { DEFAULT_WSDL_BASE_URL, generateWsdl } from '../../src/wsdl/generate.js';
import { response } from '../support/http.js';

const URL_ = 'http://target.test/api/rmm/tsiWS.asmx?WSDL';
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/wsdl/${name}.wsdl`, import.meta.url), 'utf8');
const judge = (body: string, status = 200, contentType = 'text/xml; charset=utf-8') =>
  wsdlMatchesContract.run({ namespace: DEFAULT_NAMESPACE, url: URL_, response: response(body, contentType, status), profile: PROFILES.asmx });

describe('wsdl-matches-contract', () => {
  test('silent on the reconstructed WSDL', () => {
    expect(judge(generateWsdl({ namespace: DEFAULT_NAMESPACE, baseUrl: DEFAULT_WSDL_BASE_URL }))).toEqual({ status: 'passed' });
  });

  test('fires on a WSDL without MobileOpportunitySummary, naming it', () => {
    const verdict = judge(fixture('missing-operation'));
    expect(verdict.status).toBe('failed');
    expect((verdict as { message: string }).message).toMatch(/^\d+ difference\(s\) from the contract:\n\[operation-missing\] .*MobileOpportunitySummary/);
  });

  test('fires on a reordered parameter', () => {
    const verdict = judge(fixture('reordered-parameter'));
    expect((verdict as { message: string }).message).toContain('[parameter-reordered] MobileContactSearch: parameters reordered: expected firstname, lastname');
  });

  test('skipped with a note when the target serves no WSDL', () => {
    expect(judge('Not Found', 404, 'text/plain')).toEqual({ status: 'skipped', message: `the target serves no WSDL (GET ${URL_} answered HTTP 404); the contract comparison was not made` });
  });

  test('skipped with a note when the answer is not a WSDL', () => {
    const verdict = judge('<html><body>help page</body></html>', 200, 'text/html');
    expect(verdict.status).toBe('skipped');
    expect((verdict as { message: string }).message).toMatch(/^the answer to GET .* is not a WSDL \(not a WSDL 1\.1 document: the root element is html/);
  });
});
