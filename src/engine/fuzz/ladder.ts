/**
 * The adversarial ladder against a target with data (issue 59, item 3; the rungs are
 * src/cases/ladder.ts). Once the run has learned values the target accepts, fuzzed requests reach
 * its data path, but the characters that break a hand-written result text and the lengths that
 * overflow a column then rarely reach the places that echo or store them. So, from the operation's
 * accepted request (ladderBase), each free-text parameter climbs a fixed ladder, one change per
 * request, over the transport the request was accepted on. Every answer goes through every check:
 * a crash (HTTP 500, a fault that is not a learned business fault) or a result that breaks the
 * target's learned format is a finding on that record, whose case id names the parameter and the
 * rung (`MobileTimeLogCreate-ladder-logcomment-len-256`). The ladder is fixed: the same base gives
 * the same requests, so a case id is its reproduction.
 *
 * Which parameters are free text is learned from the target: a text parameter is free unless the
 * search had to find a value for it (LearnedState.found) or left the operation blocked at it, and
 * a parameter stops climbing its characters once the target refused CHARACTER_REFUSALS of them
 * naming it (a date, a flag: every further rung would be refused too), and a length it refused ends
 * its longer lengths (the column's size is known then).
 */
import { ladderSteps, type LadderStep } from '../../cases/ladder.js';
import { namedParams } from '../../cases/name-classes.js';
import { AUTH_PARAMS, isMutating, type Operation } from '../../contract/index.js';
import type { RunSettings } from '../../config/settings.js';
import type { HttpClient } from '../../http/send.js';
import type { ExchangeRecord, LadderInfo } from '../../results/record.js';
import type { TransportId, WireValues } from '../../transports/index.js';
import type { LearnedState } from '../learn/learned-state.js';
import { failureText } from './fuzz-constraints.js';
import { needsOwnInstance } from '../learn/instances.js';
import { learnedCase, poolOf } from '../learn/learned-cases.js';
import { runCaseShowingLater } from '../exchange/run-case.js';

/** The accepted request a ladder starts from, the transport it was accepted on, and whence it came. */
export interface LadderBase {
  readonly values: WireValues;
  readonly transport: TransportId;
  readonly from: string;
}

/** The operation's known-good request: its anchor (a request the target answered with success,
 * LearnedState.anchors) over the transport it succeeded on, where the run kept one and that
 * transport is selected; else the learned valid case with the values the search found. Undefined
 * where the run knows none: no data, or the search left it blocked. */
export function ladderBase(op: Operation, learned: LearnedState | undefined, transports: readonly TransportId[]): LadderBase | undefined {
  const pool = poolOf(learned);
  if (!learned || !pool || learned.search?.blocked[op.name] || transports.length === 0) return undefined;
  const anchor = learned.anchors?.[op.name];
  if (anchor && transports.includes(anchor.transport)) {
    // The anchor holds no authentication parameter: the learned case's are sent as always.
    return { values: { ...learnedCase(op, pool).values, ...anchor.values }, transport: anchor.transport, from: `the anchor (${anchor.source})` };
  }
  const transport = transports.includes(learned.discovery.transport) ? learned.discovery.transport : transports[0]!;
  const from = learned.found?.[op.name] ? 'the valid case with the values the search found' : 'the learned valid case';
  return { values: learnedCase(op, pool).values, transport, from };
}

/** The text parameters the target takes freely, as far as the run learned: not one the search had
 * to find a value for, nor the one it was left blocked at. */
export function freeTextParams(op: Operation, learned: LearnedState | undefined): string[] {
  const found = learned?.found?.[op.name] ?? {};
  const blocked = learned?.search?.blocked[op.name]?.param;
  return op.params.filter((p) => p.type === 'str' && !AUTH_PARAMS.includes(p.name) && found[p.name] === undefined && p.name !== blocked).map((p) => p.name);
}

/** Character rungs refused, naming the parameter, after which it climbs no more characters: the
 * first three rungs are one of each family of hand-written text (a quoted string, markup, lines),
 * so a refusal that echoes the value unescaped has met each once. */
export const CHARACTER_REFUSALS = 3;

type Settings = RunSettings & { readonly baseUrl: string; readonly learned?: LearnedState };

/** Whether the run climbs `op`'s ladder: a target with data, and for a mutating operation the same
 * gate as the search's (mutations allowed, no reference that would miss the records made). An
 * operation whose cases need records of their own (instances.ts) is left out: each rung would make
 * one first, and its text (an e-mail) is climbed by the create that makes it. */
export function climbs(settings: Pick<Settings, 'referenceUrl' | 'learned'>, op: Operation): boolean {
  if (!poolOf(settings.learned) || needsOwnInstance(op.name)) return false;
  return !isMutating(op) || settings.referenceUrl === undefined;
}

const hasFinding = (r: ExchangeRecord): boolean => r.error !== undefined || r.checks.some((c) => c.status === 'error' || (c.status === 'failed' && c.level !== 'info'));

/** Sends one parameter's rungs in order; the records of those with a finding. */
async function climb(settings: Settings, client: HttpClient, op: Operation, base: LadderBase, steps: readonly LadderStep[]): Promise<ExchangeRecord[]> {
  const kept: ExchangeRecord[] = [];
  let refused = 0;
  let lengthRefused = false;
  for (const step of steps) {
    const isLength = step.rung.id.startsWith('len-');
    if ((isLength && lengthRefused) || (!isLength && refused >= CHARACTER_REFUSALS)) continue;
    const id = `${op.name}-ladder-${step.param}-${step.rung.id}`;
    const sent = await runCaseShowingLater(settings, client, { id, operation: op.name, kind: 'positive', values: step.values }, base.transport);
    const text = failureText(sent.record, settings.learned?.failure);
    if (text !== undefined && namedParams([step.param], text, step.values).length > 0) {
      if (isLength) lengthRefused = true;
      else refused++;
    }
    if (!hasFinding(sent.record)) continue;
    const ladder: LadderInfo = { param: step.param, rung: step.rung.id, what: step.rung.what, base: base.from };
    kept.push({ ...sent.showRequest(sent.record), kind: 'fuzz', fuzz: { seed: settings.seed, runs: 1, planned: 1, interrupted: false, samples: 1, ladder } });
  }
  return kept;
}

/** Climbs the ladder of every free-text parameter of `op` from its accepted request, once that
 * request, sent again, still succeeds; the records with findings. Parameters climb side by side. */
export async function climbLadder(settings: Settings, client: HttpClient, op: Operation, transports: readonly TransportId[]): Promise<ExchangeRecord[]> {
  if (!climbs(settings, op)) return [];
  const base = ladderBase(op, settings.learned, transports);
  const params = freeTextParams(op, settings.learned);
  if (!base || params.length === 0) return [];
  // The base first: a rung's answer says something about its one change only beside a success.
  const first = await runCaseShowingLater(settings, client, { id: `${op.name}-ladder-base`, operation: op.name, kind: 'positive', values: base.values }, base.transport);
  if (first.record.dataPath !== 'success') return [];
  const steps = ladderSteps(base.values, params, settings.maxStringLength);
  const climbed = await Promise.all(params.map((p) => climb(settings, client, op, base, steps.filter((s) => s.param === p))));
  return climbed.flat();
}
