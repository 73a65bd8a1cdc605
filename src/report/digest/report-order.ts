/**
 * The order in which reports list the records they print in full (results.json's failures, the
 * console's first failures, report.html's details): the matrix's order, operations as in the
 * contract and transports as TRANSPORT_IDS, then by case id. Tests run side by side and finish in
 * whatever order the target answers them, so in the order records arrived two runs with the same
 * seed listed the same failures differently, and the console, which lists the first forty, named
 * different ones.
 */
import { operations, SERVICE_NAME } from '../../contract/index.js';
import type { ExchangeRecord } from '../../results/record.js';
import { TRANSPORT_IDS } from '../../transports/index.js';

const OPERATION_RANK = new Map(operations.map((o, index) => [o.name, index]));
const TRANSPORT_RANK = new Map([...TRANSPORT_IDS, 'parity'].map((t, index) => [t, index]));
// A fixed locale: the same order on every machine; numeric, so that case p2 comes before p10.
const CASE_IDS = new Intl.Collator('en', { numeric: true });

const rank = (ranks: ReadonlyMap<string, number>, key: string): number => ranks.get(key) ?? ranks.size;
const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** What report order reads of a record: a record itself, or what a tally kept of it. */
export type OrderKey = Pick<ExchangeRecord, 'kind' | 'operation' | 'transport' | 'caseId'>;

// The service's records (?WSDL) come first: their verdict concerns every operation.
const serviceFirst = (r: OrderKey): number => (r.kind === 'service' ? 0 : 1);

/** Operations (junit.xml's testsuites) in report order: the service's first, then the contract's. */
export function operationOrder(a: string, b: string): number {
  return Number(b === SERVICE_NAME) - Number(a === SERVICE_NAME) || rank(OPERATION_RANK, a) - rank(OPERATION_RANK, b) || byName(a, b);
}

/** Transports as the matrix shows them, then parity, then any other by name. */
export const transportOrder = (a: string, b: string): number => rank(TRANSPORT_RANK, a) - rank(TRANSPORT_RANK, b) || byName(a, b);

/** Case ids with their numbers compared as numbers (p2 before p10), then as text, so that two ids
 * the collator finds alike (it ignores some differences) still have one order. */
export const caseIdOrder = (a: string, b: string): number => CASE_IDS.compare(a, b) || byName(a, b);

/** Compares two records in report order; records alike in all of it keep their arrival order (a stable sort). */
export function reportOrder(a: OrderKey, b: OrderKey): number {
  return serviceFirst(a) - serviceFirst(b)
    || rank(OPERATION_RANK, a.operation) - rank(OPERATION_RANK, b.operation) || byName(a.operation, b.operation)
    || transportOrder(a.transport, b.transport)
    || caseIdOrder(a.caseId, b.caseId);
}
