/**
 * Mutation safety: the create, update and delete operations (8 of the 20, by the spec's operation
 * classes) are sent only to the embedded server, or to another target with --allow-mutations.
 * A guarded operation is reported as skipped, never as passed.
 */
import { isMutating, getOperation } from '../src/contract/index.js';
import { accessForReports } from '../src/results/shown-access.js';
import { recordRequest } from '../src/results/recorded-http.js';
import type { ExchangeRecord } from '../src/results/record.js';
import type { TargetSettings } from '../src/engine/run/vitest-context.js';
import { getTransportById, type TransportId } from '../src/transports/index.js';

export function mutationGuarded(settings: TargetSettings, operation: string): boolean {
  return !settings.embedded && !settings.allowMutations && isMutating(getOperation(operation));
}

export const MUTATION_SKIP = 'not sent: a create, update or delete operation and the target is not the embedded server (give --allow-mutations to send it)';

/** The record of an exchange that was deliberately not made. */
export function skippedRecord(settings: TargetSettings, operation: string, transport: TransportId, caseId: string, kind: ExchangeRecord['kind']): ExchangeRecord {
  const op = getOperation(operation);
  const request = getTransportById(transport).encode({ namespace: settings.namespace }, op, {});
  return { operation, transport, caseId, kind, request: recordRequest(settings.baseUrl, request, accessForReports(settings).shown), checks: [], skipped: MUTATION_SKIP };
}
