/**
 * The result texts of valid requests in a reports folder (records.jsonl) or a recorded baseline
 * (`run --record`): what `shapes infer` learns from and what `compare` compares the shapes of.
 * Only answers to valid requests (example cases and fuzzed values) that came back as a result:
 * faults and the answers to invalid requests say nothing about a result's shape.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/errors.js';
import { RESULT_CHARS } from '../results/compact.js';
import { readBaseline } from './baseline.js';
import { MANIFEST } from './format.js';
import type { ExchangeRecord } from '../results/record.js';
import type { ResultSample, ResultSamples } from '../shapes/samples.js';
import { EXCHANGE_LOG_FILE, exchangeLogSource } from '../results/exchange-log.js';

const valid = (kind: string) => kind === 'positive' || kind === 'fuzz';

/** A record's whole result text; a text cut to RESULT_CHARS (results/compact.ts) is no sample. */
function sampleOf(r: ExchangeRecord): ResultSample | undefined {
  if (!valid(r.kind) || r.transport === 'parity' || r.transport === 'wsdl' || r.skipped || r.error) return undefined;
  const text = r.result?.kind === 'result' ? r.result.text : null;
  const dataPath = r.dataPath === 'success' || r.dataPath === 'failure' || r.dataPath === 'unknown' ? { dataPath: r.dataPath } : {};
  return typeof text === 'string' && text.length <= RESULT_CHARS ? { operation: r.operation, text, ...dataPath } : undefined;
}

/** A negative record's result text, and whether its scenario is an authentication one. */
function failureOf(r: ExchangeRecord): { text: string; auth: boolean } | undefined {
  const text = r.kind === 'negative' && !r.error && r.result?.kind === 'result' ? r.result.text : null;
  return typeof text === 'string' && text.length <= RESULT_CHARS ? { text, auth: r.scenario?.startsWith('auth-') ?? false } : undefined;
}

const authFirst = (fs: ReadonlyArray<{ text: string; auth: boolean }>): string[] => [...fs.filter((f) => f.auth), ...fs.filter((f) => !f.auth)].map((f) => f.text);

/** Read a record at a time: only the samples are kept, not every record of a large run. */
export function samplesFromReports(dir: string): ResultSamples {
  const samples: ResultSample[] = [];
  const failures: Array<{ text: string; auth: boolean }> = [];
  for (const r of exchangeLogSource(dir).records()) {
    const sample = sampleOf(r);
    if (sample) samples.push(sample);
    const failure = failureOf(r);
    if (failure) failures.push(failure);
  }
  return { source: 'reports', file: join(dir, EXCHANGE_LOG_FILE), samples, failures: authFirst(failures) };
}

export function samplesFromBaseline(dir: string): ResultSamples {
  const baseline = readBaseline(dir);
  const samples: ResultSample[] = [];
  const failures: Array<{ text: string; auth: boolean }> = [];
  for (const c of baseline.cases) {
    for (const answer of baseline.answers.get(c.id)?.values() ?? []) {
      if (answer.outcome !== 'result' || typeof answer.text !== 'string') continue;
      if (valid(c.kind)) samples.push({ operation: c.operation, text: answer.text });
      else if (c.kind === 'negative') failures.push({ text: answer.text, auth: c.scenario?.startsWith('auth-') ?? false });
    }
  }
  return { source: 'baseline', file: join(dir, 'responses.jsonl'), samples, failures: authFirst(failures) };
}

/** A baseline folder (it has manifest.json) or a reports folder (records.jsonl). */
export function resultSamples(dir: string, what: string): ResultSamples {
  if (existsSync(join(dir, MANIFEST))) return samplesFromBaseline(dir);
  if (existsSync(join(dir, EXCHANGE_LOG_FILE))) return samplesFromReports(dir);
  throw new ConfigError(`${what}: ${dir} has neither ${EXCHANGE_LOG_FILE} (a reports folder of tsiws-conform run) nor ${MANIFEST} (a baseline of run --record); give one of those`);
}
