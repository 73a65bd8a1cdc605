/** Runs one case over one transport: encode, send, evaluate every check, record. */
import { checks as allChecks, type Check, type Exchange } from '../checks/registry.js';
import { getOperation, SECRET_PLACEHOLDERS } from '../contract/index.js';
import type { RunSettings } from '../config/settings.js';
import { TargetError, type HttpClient } from '../http/send.js';
import { getTransportById, type TransportId } from '../transports/index.js';
import type { Case } from '../cases/examples.js';
import { authValues } from './auth.js';
import { recordRequest, recordResponse, redact, secretsOf, type CheckOutcome, type ExchangeRecord } from './record.js';

export function evaluate(exchange: Exchange, checks: readonly Check[] = allChecks): CheckOutcome[] {
  return checks.filter((check) => check.appliesTo?.(exchange.transport) ?? true).map((check) => {
    try {
      const verdict = check.run(exchange);
      return verdict.status === 'passed' ? { id: check.id, status: 'passed' } : { id: check.id, status: verdict.status, message: verdict.message };
    } catch (err) {
      // A check that throws is a defect of this tool, never of the target: reported as an error.
      return { id: check.id, status: 'error', message: `check crashed: ${(err as Error).stack ?? String(err)}` };
    }
  });
}

export async function runCase(settings: RunSettings & { baseUrl: string }, client: HttpClient, testCase: Case, transportId: TransportId): Promise<ExchangeRecord> {
  const operation = getOperation(testCase.operation);
  const transport = getTransportById(transportId);
  const ctx = { namespace: settings.namespace };
  const values = { ...testCase.values, ...(await authValues(settings, operation, testCase.values)) };
  const secrets = secretsOf(values);
  const request = transport.encode(ctx, operation, values);
  const shown = transport.encode(ctx, operation, { ...values, ...placeholdersFor(values) });
  const base = { operation: operation.name, transport: transportId, caseId: testCase.id, kind: testCase.kind, request: recordRequest(settings.baseUrl, shown) };
  try {
    const response = await client.send(request);
    const exchange: Exchange = { operation, transport, namespace: settings.namespace, request, response };
    const result = transport.decode(ctx, operation, response);
    const redactedResult = result.kind === 'result' && result.text !== null ? { ...result, text: redact(result.text, secrets) } : result;
    return { ...base, response: recordResponse(response, secrets), result: redactedResult, checks: evaluate(exchange) };
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    return { ...base, checks: [], error: { code: err.code, message: err.message } };
  }
}

function placeholdersFor(values: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, placeholder] of Object.entries(SECRET_PLACEHOLDERS)) if (name in values) out[name] = placeholder;
  return out;
}
