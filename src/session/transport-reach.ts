/**
 * Whether each transport reaches the service (checks/transport-reaches-service.ts): what the valid
 * requests got, tallied per transport as the records arrive (a positive record is one valid
 * exchange, a fuzz record every sample of its property: report/digest/data-path.ts counts them alike), and
 * judged once all are in. A record is made only for a transport the check fails or cannot judge
 * for a crash: a service record (kind 'service') over that transport, carrying the first valid
 * request sent over it, so the finding can be replayed from the report. A run and merge-reports
 * (over every shard's records) make them alike.
 */
import { SERVICE_NAME } from '../contract/index.js';
import { transportChecks } from '../checks/registry.js';
import { runChecks, selected, type CheckSelection } from '../checks/runner.js';
import type { TransportReach } from '../checks/transport-reaches-service.js';
import { DATA_PATH_OUTCOMES, type DataPathTally } from '../results/data-path.js';
import type { ExchangeRecord } from '../results/record.js';
import { TRANSPORT_IDS, type TransportId } from '../contract/vocabulary.js';


interface Tally {
  valid: number;
  succeeded: number;
  first?: ExchangeRecord;
}

const tallyOf = (r: ExchangeRecord): DataPathTally | undefined =>
  r.kind === 'fuzz' ? r.fuzz?.dataPath : r.kind === 'positive' && r.dataPath ? { [r.dataPath]: 1 } : undefined;

export class TransportReachVerdicts {
  private readonly tallies = new Map<string, Tally>();

  constructor(private readonly selection: CheckSelection) {}

  add(r: ExchangeRecord): void {
    if (!(TRANSPORT_IDS as readonly string[]).includes(r.transport)) return;
    const tally = tallyOf(r);
    if (!tally) return;
    const own = this.tallies.get(r.transport) ?? { valid: 0, succeeded: 0 };
    this.tallies.set(r.transport, own);
    // A request the host refused never reached the service: no evidence either way.
    const answered = DATA_PATH_OUTCOMES.filter((o) => o !== 'refused').reduce((n, o) => n + (tally[o] ?? 0), 0);
    own.valid += answered;
    own.succeeded += tally.success ?? 0;
    if (answered > 0 && !own.first) own.first = r;
  }

  /** One service record per transport whose verdict is a finding (or a crash of the check). */
  records(): ExchangeRecord[] {
    const chosen = selected(transportChecks, this.selection);
    if (chosen.length === 0) return [];
    return TRANSPORT_IDS.flatMap((transport) => {
      const own = this.tallies.get(transport);
      if (!own) return [];
      const checks = runChecks(chosen, (check) => check.run(this.reachOf(transport, own)));
      if (!checks.some((c) => c.status === 'failed' || c.status === 'error') || !own.first) return [];
      return [{ operation: SERVICE_NAME, transport, caseId: `${SERVICE_NAME}-${transport}-reach`, kind: 'service', request: own.first.request, checks }];
    });
  }

  private reachOf(transport: TransportId, own: Tally): TransportReach {
    const elsewhere = Object.fromEntries([...this.tallies].filter(([t, x]) => t !== transport && x.succeeded > 0).map(([t, x]) => [t, x.succeeded]));
    const first = own.first;
    return { transport, valid: own.valid, succeeded: own.succeeded, elsewhere, ...(first ? { first: `${first.operation}, case ${first.caseId}: HTTP ${first.response?.status ?? 'no answer'}` } : {}) };
  }
}
