/**
 * The order in which reports list the records they print in full (results.json's failures, the
 * console's first failures, report.html's details): the matrix's order, operations as in the
 * contract and transports as TRANSPORT_IDS, then by case id. Tests run side by side and finish in
 * whatever order the target answers them, so in the order records arrived two runs with the same
 * seed listed the same failures differently, and the console, which lists the first forty, named
 * different ones.
 */
import { operations } from '../contract/index.js';
import type { ExchangeRecord } from '../results/record.js';
import { TRANSPORT_IDS } from '../transports/index.js';

const OPERATION_RANK = new Map(operations.map((o, index) => [o.name, index]));
const TRANSPORT_RANK = new Map([...TRANSPORT_IDS, 'parity'].map((t, index) => [t, index]));
// A fixed locale: the same order on every machine; numeric, so that case p2 comes before p10.
const CASE_IDS = new Intl.Collator('en', { numeric: true });

const rank = (ranks: ReadonlyMap<string, number>, key: string): number => ranks.get(key) ?? ranks.size;
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

// The service's records (?WSDL) come first: their verdict concerns every operation.
const serviceFirst = (r: ExchangeRecord): number => (r.kind === 'service' ? 0 : 1);

/** Compares two records in report order; records alike in all of it keep their arrival order (a stable sort). */
export function reportOrder(a: ExchangeRecord, b: ExchangeRecord): number {
  return serviceFirst(a) - serviceFirst(b)
    || rank(OPERATION_RANK, a.operation) - rank(OPERATION_RANK, b.operation) || byName(a.operation, b.operation)
    || rank(TRANSPORT_RANK, a.transport) - rank(TRANSPORT_RANK, b.transport) || byName(a.transport, b.transport)
    || CASE_IDS.compare(a.caseId, b.caseId);
}
