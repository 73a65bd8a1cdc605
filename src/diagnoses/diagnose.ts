/**
 * The fewest root causes that explain a run's findings. Each rule of the catalog says whether its
 * cause shows in the run and which findings it accounts for; a finding of a parity record is
 * accounted for by a cause that accounts for an exchange it compares, the ?WSDL comparison's
 * finding when every line of it is. Then, greedily (set cover): the cause that explains most of the
 * findings still unexplained is taken, until none explains any more. A cause that explains nothing
 * left is not reported: its evidence alone is no finding.
 */
import type { Level } from '../results/levels.js';
import type { ExchangeRecord } from '../results/record.js';
import { DIAGNOSES } from './catalog.js';
import type { Diagnosis, DiagnosisRule, Finding, FindingRef, Identified, RunFindings } from './types.js';

const RANK: Readonly<Record<Level, number>> = { info: 0, warning: 1, error: 2 };
const WSDL_CHECK = 'wsdl-matches-contract';

/** A record's findings, as results.json's failures lists them (info left out: observations). */
export function findingsIn(record: ExchangeRecord): Finding[] {
  if (record.error) return [{ record, check: record.error.code, level: 'error', message: record.error.message }];
  return record.checks
    .filter((c) => c.status === 'error' || (c.status === 'failed' && c.level !== 'info'))
    .map((c) => ({ record, check: c.id, level: c.level ?? 'error', message: c.message ?? '' }));
}

/** The lines of the ?WSDL comparison's finding, one drift each ("[kind] message"). */
export function wsdlDriftsOf(records: readonly ExchangeRecord[]): string[] {
  const check = records.find((r) => r.transport === 'wsdl')?.checks.find((c) => c.id === WSDL_CHECK && c.status === 'failed');
  return (check?.message ?? '').split('\n').filter((line) => line.startsWith('['));
}

export type DiagnosisInput = Omit<RunFindings, 'wsdlDrifts'>;

/** The diagnoses of a run, the one that explains most first; `rules` for tests. */
export function diagnose(input: DiagnosisInput, rules: readonly DiagnosisRule[] = DIAGNOSES): Diagnosis[] {
  const run: RunFindings = { ...input, wsdlDrifts: wsdlDriftsOf(input.records) };
  const found = rules.flatMap((rule) => {
    const identified = rule.identify(run);
    return identified ? [{ rule, identified }] : [];
  });
  if (found.length === 0) return [];
  const findings = run.records.flatMap(findingsIn);
  const byExchange = new Map(run.records.map((r) => [`${r.caseId} ${r.transport}`, r]));
  const explainedBy = (cause: Identified) => (f: Finding) => explains(cause, f, byExchange, run.wsdlDrifts, found.map((x) => x.identified));
  const left = new Set(findings);
  const chosen: Diagnosis[] = [];
  const candidates = found.map((x) => ({ ...x, test: explainedBy(x.identified) }));
  for (;;) {
    let best: { c: (typeof candidates)[number]; claimed: Finding[] } | undefined;
    for (const c of candidates) {
      const claimed = [...left].filter(c.test);
      if (claimed.length > (best?.claimed.length ?? 0)) best = { c, claimed };
    }
    if (!best) break;
    for (const f of best.claimed) left.delete(f);
    candidates.splice(candidates.indexOf(best.c), 1);
    chosen.push(diagnosisOf(best.c.rule, best.c.identified, best.claimed));
  }
  return chosen;
}

function explains(cause: Identified, f: Finding, byExchange: ReadonlyMap<string, ExchangeRecord>, drifts: readonly string[], all: readonly Identified[]): boolean {
  if (f.record.transport === 'wsdl' && f.check === WSDL_CHECK) {
    // Explained when every line is accounted for (this cause one at least, the others the rest).
    return drifts.some((line) => cause.explainsDrift?.(line)) && drifts.every((line) => all.some((c) => c.explainsDrift?.(line)));
  }
  if (cause.explains(f)) return true;
  const differences = (f.record.parity?.differences ?? []).filter((d) => !d.inherent);
  if (differences.length === 0) return false;
  // A transport comparison fails because one of the exchanges it compares went wrong for this cause.
  const compared = (transport: string) => {
    const record = byExchange.get(`${f.record.caseId} ${transport}`);
    return record !== undefined && findingsIn(record).some((g) => cause.explains(g));
  };
  return differences.every((d) => compared(d.transport) || compared(d.reference));
}

function diagnosisOf(rule: DiagnosisRule, identified: Identified, claimed: readonly Finding[]): Diagnosis {
  const level = claimed.reduce<Level>((worst, f) => (RANK[f.level] > RANK[worst] ? f.level : worst), 'info');
  const explains: FindingRef[] = claimed.map((f) => ({ operation: f.record.operation, transport: f.record.transport, caseId: f.record.caseId, check: f.check, level: f.level }));
  return { id: rule.id, level, summary: identified.summary, evidence: identified.evidence, fix: identified.fix, runtimeEvidence: rule.runtimeEvidence, explains };
}
