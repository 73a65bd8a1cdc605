/** Runs one case over all its transports side by side and compares them: a case never leaves its
 * worker (or its --shard) half sent, and its parity record is made where its exchanges are. */
import type { Case } from '../cases/case.js';
import type { RunSettings } from '../config/settings.js';
import type { HttpClient } from '../http/send.js';
import { TRANSPORT_IDS, type TransportId } from '../transports/index.js';
import { parityRecord } from './parity.js';
import type { ExchangeRecord } from '../results/record.js';
import { runCase } from './run-case.js';

export async function runCaseUnit(settings: RunSettings & { baseUrl: string }, client: HttpClient, testCase: Case, transports: readonly TransportId[]): Promise<ExchangeRecord[]> {
  // Parity lists the transports in their canonical order, whatever order --transports gave.
  const ordered = TRANSPORT_IDS.filter((t) => transports.includes(t));
  const records = await Promise.all(ordered.map((t) => runCase(settings, client, testCase, t)));
  const parity = parityRecord(settings, records, testCase.id);
  return parity ? [...records, parity] : records;
}
