/**
 * Our reference servers conform (issue 51): every operation's example over every transport, sent to
 * the embedded echo server and to the stateful one, and the ?WSDL each publishes, pass every WS-I
 * assertion or are outside it (notApplicable: SOAP 1.2, GET, POST; R1003; a fault's R2712).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { judgeDescription, judgeMessage } from '../../../src/checks/wsi/catalog.js';
import { claimsBasicProfile } from '../../../src/checks/wsi/grade.js';
import { exampleCase } from '../../../src/cases/examples.js';
import { DEFAULT_NAMESPACE, operations, SERVICE_PATH, responseElementName, soapAction } from '../../../src/contract/index.js';
import { startReferenceServer, type ReferenceServer } from '../../../src/server/server.js';
import { getTransportById, TRANSPORT_IDS } from '../../../src/transports/index.js';
import { send } from '../../support/http.js';

const ALLOWED = new Set(['passed', 'notApplicable']);

describe.each([['embedded', false], ['stateful', true]] as const)('the %s reference server', (_name, stateful) => {
  let server: ReferenceServer;
  beforeAll(async () => {
    server = await startReferenceServer(stateful ? { stateful: true } : {});
  });
  afterAll(() => server.close());

  test('its WSDL passes every description assertion and claims no profile', async () => {
    const wsdl = await send(server.url, { method: 'GET', path: `${SERVICE_PATH}?WSDL`, headers: {} });
    const text = wsdl.body.toString('utf8');
    expect(judgeDescription(text).filter((o) => o.result !== 'passed')).toEqual([]);
    expect(claimsBasicProfile(text)).toBe(false);
  });

  test('every exchange passes every message assertion or is outside it', async () => {
    const bad: unknown[] = [];
    const passedIds = new Set<string>();
    for (const op of operations) {
      for (const transport of TRANSPORT_IDS) {
        const request = getTransportById(transport).encode({ namespace: DEFAULT_NAMESPACE }, op, exampleCase(op).values);
        const response = await send(server.url, request);
        const outcomes = judgeMessage({ transport, kind: 'positive', request, response, resultElement: { ns: DEFAULT_NAMESPACE, name: responseElementName(op) }, bindingSoapAction: soapAction(DEFAULT_NAMESPACE, op) });
        for (const o of outcomes) if (o.result === 'passed') passedIds.add(o.id);
        bad.push(...outcomes.filter((o) => !ALLOWED.has(o.result)).map((o) => ({ op: op.name, transport, ...o })));
      }
    }
    expect(bad).toEqual([]);
    // Judged, not merely skipped: the SOAP 1.1 results passed the envelope, body and status assertions.
    for (const id of ['R9980', 'R1014', 'R2712', 'R1124/R1111', 'SSBP1003', 'SSBP5101', 'R1109', 'R2744']) expect(passedIds).toContain(id);
  });
});
