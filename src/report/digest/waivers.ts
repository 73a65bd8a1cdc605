/**
 * What a run's reports say of its waivers (config/waivers.ts, results/waivers.ts): each waiver
 * with the verdicts it waived and those it matched after it expired, the waived findings
 * themselves, and the stale waivers (matched nothing). Nothing at all for a run without waivers,
 * so its reports read as before. The waivers come from the run's configuration (`waivers`), the
 * counts from the records (the digest tallies them as they arrive).
 */
import type { ExchangeRecord } from '../../results/record.js';
import { isStale, type Waiver, type WaiverMark, type WaiverUse } from '../../results/waivers.js';

/** One waived verdict, as the reports list it. */
export interface WaivedFinding {
  readonly operation: string;
  readonly transport: string;
  readonly caseId: string;
  readonly check: string;
  readonly message: string;
  readonly reason: string;
  readonly expires: string;
  readonly ticket?: string;
}

/** How many waived findings the reports list whole; the counts cover all of them. */
export const WAIVED_SHOWN = 200;

export class WaiverTally {
  private readonly counts = new Map<number, { waived: number; expiredMatches: number }>();
  readonly findings: WaivedFinding[] = [];

  add(r: ExchangeRecord): void {
    for (const c of r.checks) {
      if (!c.waiver) continue;
      const count = this.counts.get(c.waiver.index) ?? { waived: 0, expiredMatches: 0 };
      this.counts.set(c.waiver.index, count);
      if (c.waiver.expired) count.expiredMatches++;
      else {
        count.waived++;
        if (this.findings.length < WAIVED_SHOWN) this.findings.push({ operation: r.operation, transport: r.transport, caseId: r.caseId, check: c.id, message: c.message ?? '', reason: c.waiver.reason, expires: c.waiver.expires, ...(c.waiver.ticket ? { ticket: c.waiver.ticket } : {}) });
      }
    }
  }

  /** Every configured waiver with what it matched, in the configuration's order. */
  uses(run: { readonly configuration: Readonly<Record<string, unknown>> }): WaiverUse[] {
    const waivers = run.configuration['waivers'];
    if (!Array.isArray(waivers)) return [];
    return (waivers as Waiver[]).map((waiver, i) => ({ waiver, waived: 0, expiredMatches: 0, ...this.counts.get(i) }));
  }
}

/** A waiver as one line: what it matches, why, until when. */
export function waiverText(u: WaiverUse): string {
  const { check, operation, transport, message, reason, expires, ticket } = u.waiver;
  const scope = [operation, transport].filter(Boolean).join(' ');
  const what = `${check}${scope ? ` (${scope})` : ''}${message ? ` with "${message}"` : ''}`;
  const fared = isStale(u) ? 'stale: matched nothing in this run'
    : u.expiredMatches > 0 ? `EXPIRED: ${u.expiredMatches} findings fail again${u.waived > 0 ? `, ${u.waived} waived` : ''}`
    : `${u.waived} waived`;
  return `${what}: ${fared}; ${reason}${ticket ? ` [${ticket}]` : ''}; expires ${expires}`;
}

/** The waivers section of results.json and the certificate: absent without waivers. */
export function waiversJson(uses: readonly WaiverUse[]): { waivers?: Array<Waiver & { waived: number; expiredMatches: number; stale: boolean }> } {
  if (uses.length === 0) return {};
  return { waivers: uses.map((u) => ({ ...u.waiver, waived: u.waived, expiredMatches: u.expiredMatches, stale: isStale(u) })) };
}

/** Why a verdict is waived, in one line (JUnit's <skipped message>, the HTML report). */
export const waivedText = (w: Pick<WaiverMark, 'reason' | 'expires' | 'ticket'>): string => `waived until ${w.expires}: ${w.reason}${w.ticket ? ` [${w.ticket}]` : ''}`;

/** A stale waiver as a note (results.json's notes, level info): it matched nothing in this run. */
export const staleNotes = (uses: readonly WaiverUse[]): Array<{ check: string; message: string }> =>
  uses.filter(isStale).map((u) => ({ check: 'stale-waiver', message: `stale waiver: ${waiverText(u)}` }));
