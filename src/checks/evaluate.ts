/**
 * Choosing and running the checks on an exchange: the run's selection (the catalog and the user's,
 * narrowed by --checks and --skip-checks) and the evaluation of those that apply. Both sources of
 * exchange records use it: the engine's runCase (engine/exchange/run-case.ts) and the proxy's
 * observed records (proxy/observed-record.ts).
 */
import { checks as allChecks, type Check, type Exchange } from './registry.js';
import { runChecks, selected } from './runner.js';
import { userChecksOf } from './catalogs.js';
import type { RunSettings } from '../config/settings.js';
import type { CheckOutcome } from '../results/check-outcome.js';

// The selection of a run's settings is the same for each of its exchanges: made once per worker,
// and found by the settings object itself before its key is made (a JSON key per exchange cost more
// than some checks; profiled, issue 20).
const selections = new Map<string, Promise<readonly Check[]>>();
const selectionBySettings = new WeakMap<object, Promise<readonly Check[]>>();

/** The checks a run evaluates: the catalog and the user's (--checks-module); --checks narrows them,
 * --skip-checks removes from them. */
export function selectedChecks(settings: Pick<RunSettings, 'checks' | 'skipChecks' | 'checksModule'>): Promise<readonly Check[]> {
  const known = selectionBySettings.get(settings);
  if (known) return known;
  const key = JSON.stringify([settings.checks, settings.skipChecks, settings.checksModule]);
  let selection = selections.get(key);
  if (!selection) {
    selection = userChecksOf(settings).then((user) => selected([...allChecks, ...user.exchange], settings));
    selections.set(key, selection);
  }
  selectionBySettings.set(settings, selection);
  return selection;
}

export function evaluate(exchange: Exchange, checks: readonly Check[] = allChecks): CheckOutcome[] {
  return runChecks(checks.filter((check) => check.applies(exchange)), (check) => check.run(exchange));
}
