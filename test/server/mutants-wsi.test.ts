/**
 * Each WS-I mutant fails exactly the Basic Profile assertion it stands for (issue 51): every
 * operation's example over SOAP 1.1, and one invalid request each (for the faults), sent to the
 * mutant and judged by the message assertions; the ?WSDL by the description assertions. Any other
 * failed assertion would make the mutant stand for two families. Servers on loopback.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { judgeDescription, judgeMessage } from '../../src/checks/wsi/catalog.js';
import { wsdlFacts } from '../../src/checks/wsi/wsdl-facts.js';
import { exampleCase } from '../../src/cases/examples.js';
import { negativeCases, negativeRequest } from '../../src/cases/negative.js';
import { DEFAULT_NAMESPACE, operations, responseElementName, SERVICE_PATH } from '../../src/contract/index.js';
import { findMutant } from '../../src/server/mutants/index.js';
import { startReferenceServer, type ReferenceServer } from '../../src/server/server.js';
import { getTransportById, type HttpRequest } from '../../src/transports/index.js';
import { send } from '../support/http.js';

const CTX = { namespace: DEFAULT_NAMESPACE };
const servers: ReferenceServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

/** The ids of the assertions that failed on any exchange with, or the ?WSDL of, the server running `mutant`. */
async function failedAssertions(mutant: string | undefined): Promise<string[]> {
  const server = await startReferenceServer(mutant ? { mutant } : {});
  servers.push(server);
  const wsdl = await send(server.url, { method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} });
  const soapActions = wsdlFacts(wsdl).soapActions ?? {};
  const failed = new Set(judgeDescription(wsdl.body.toString('utf8')).filter((o) => o.result === 'failed').map((o) => o.id));
  for (const op of operations) {
    const invalid = negativeCases(op, { auth: false }).find((c) => c.scenario === 'int-non-numeric' || c.scenario === 'missing-parameter');
    const requests: Array<[HttpRequest, 'positive' | 'negative']> = [[getTransportById('soap11').encode(CTX, op, exampleCase(op).values), 'positive']];
    if (invalid) requests.push([negativeRequest(invalid, 'soap11', CTX, op, invalid.values), 'negative']);
    for (const [request, kind] of requests) {
      const response = await send(server.url, request);
      const outcomes = judgeMessage({ transport: 'soap11', kind, request, response, resultElement: { ns: DEFAULT_NAMESPACE, name: responseElementName(op) }, bindingSoapAction: soapActions[op.name] ?? null });
      for (const o of outcomes) if (o.result === 'failed') failed.add(o.id);
    }
  }
  return [...failed];
}

describe.each([
  ['soap11-element-after-body', 'R1011'],
  ['soap11-encoding-style', 'R1005-R1007'],
  ['soap11-unqualified-body-child', 'R1014'],
  ['soap11-charset-latin1', 'SSBP1003'],
  ['wsdl-rpc-operation', 'R2705/R2706'],
  ['wsdl-soapaction-quoted', 'R2744'],
])('mutant %s', (mutant, assertion) => {
  test(`fails ${assertion} and no other assertion; held with --wsi bp11`, async () => {
    expect(await failedAssertions(mutant)).toEqual([assertion]);
    expect(findMutant(mutant)?.needs?.wsi).toBe('bp11');
  });
});

// One defect, one finding: the check that judges the same requirement catches these (wsi/recorded.ts).
describe.each([
  ['soap11-stylesheet-pi', 'R1008/R1009', 'soap-no-dtd-or-pi'],
  ['fault-status-200', 'R1126', 'fault-status'],
  // Issue 59: a message defect the catalog catches fails its assertion too.
  ['two-body-children', 'R2712', 'soap-body-single-child'],
  ['result-element-misnamed', 'R2712', 'soap-response-element'],
  ['soap11-fault-no-faultstring', 'R9980', 'soap-fault-shape'],
])('mutant %s', (mutant, assertion, check) => {
  test(`fails ${assertion} and no other assertion; caught by ${check}, the same defect's finding`, async () => {
    expect(await failedAssertions(mutant)).toEqual([assertion]);
    expect(findMutant(mutant)?.caughtBy).toContain(check);
    expect(findMutant(mutant)?.caughtBy).not.toContain('wsi-basic-profile');
  });
});

test('the clean server fails none (the control)', async () => {
  expect(await failedAssertions(undefined)).toEqual([]);
});
