/**
 * Normalisation rules applied to result texts before they are compared across transports, so that
 * volatile content (generated ids, time stamps) does not count as a difference. Every rule in force
 * is shown in the reports, so nobody is fooled by a hidden rule.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config/errors.js';
import type { RunSettings } from '../config/settings.js';
import { NAMED_RULES } from './rules.js';

import type { NormalisationRule } from '../results/differences.js';

/** Reads `[{ "name", "pattern", "flags"?, "replacement"? }, ...]` from a JSON file. */
export function rulesFromFile(path: string): NormalisationRule[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ConfigError(`--normalise-file: cannot read ${path}: ${(err as Error).message}`);
  }
  if (!Array.isArray(raw)) throw new ConfigError(`--normalise-file: ${path} must hold a JSON array of { "name", "pattern", "flags"?, "replacement"? }`);
  return raw.map((r: Partial<NormalisationRule>, i) => {
    if (typeof r?.pattern !== 'string' || typeof r?.name !== 'string') throw new ConfigError(`--normalise-file: rule ${i + 1} in ${path} needs a "name" and a "pattern"`);
    const rule = { name: r.name, pattern: r.pattern, flags: r.flags ?? 'g', replacement: r.replacement ?? `<${r.name.toUpperCase()}>` };
    try {
      new RegExp(rule.pattern, rule.flags);
    } catch (err) {
      throw new ConfigError(`--normalise-file: rule "${rule.name}" in ${path}: ${(err as Error).message}`);
    }
    return rule;
  });
}

export function normalise(text: string, rules: readonly NormalisationRule[]): string {
  return rules.reduce((t, r) => t.replace(new RegExp(r.pattern, r.flags), r.replacement), text);
}

const fileRules = new Map<string, NormalisationRule[]>();

/** The rules in force for a run: the named ones, then those of --normalise-file (read once). */
export function rulesFor(settings: Pick<RunSettings, 'normalise' | 'normaliseFile'>): NormalisationRule[] {
  const named = settings.normalise.map((n) => NAMED_RULES[n]!);
  if (!settings.normaliseFile) return named;
  if (!fileRules.has(settings.normaliseFile)) fileRules.set(settings.normaliseFile, rulesFromFile(settings.normaliseFile));
  return [...named, ...fileRules.get(settings.normaliseFile)!];
}
