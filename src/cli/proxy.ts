/** tsiws-conform proxy: forward a real client's traffic to --target, judge it, and on SIGINT or
 * SIGTERM write the reports (session/observe-and-report.ts); see docs/proxy.md. */
import { SERVICE_PATH } from '../contract/index.js';
import { ConfigError } from '../config/settings.js';
import { clientJudgeFor } from '../proxy/client-judge.js';
import type { ExchangeRecord } from '../results/record.js';
import { failsRun, type FailOn } from '../results/levels.js';
import { judgedText } from '../report/digest/judged.js';
import { verdictText } from '../report/digest/summary.js';
import { observeAndReport } from '../session/observe-and-report.js';
import { listenForInterruption } from '../session/run-and-report.js';
import { EXIT, exitCodeForSignal } from './errors.js';
import type { Io } from './main.js';
import { commandLine, commandSettings } from './settings.js';

export default async function proxy(argv: string[], io: Io): Promise<number> {
  const line = commandLine('proxy', argv, io);
  if (!line) return EXIT.conforms;
  const settings = commandSettings('proxy', line.flags, io);
  const { target } = settings;
  if (!target) throw new ConfigError('--target: give the URL of the service to forward to, e.g. --target https://staging.example.com (or TSIWS_TARGET)');
  const judgeClient = clientJudgeFor({ namespace: settings.namespace, servicePath: SERVICE_PATH, selection: settings });
  if (settings.insecure) io.err('tsiws-conform: WARNING: --insecure: the target\'s certificate is not verified; use it for self-signed test hosts only');
  const interruption = listenForInterruption(io.interruption);
  try {
    const report = await observeAndReport({ ...settings, target }, {
      signal: interruption.signal,
      judgeClient,
      // Tests only: a judge slower than the traffic they send (test/cli/proxy-load.test.ts).
      ...(io.env['TSIWS_TEST_SLOW_JUDGE_MS'] ? { slowJudgeMs: Number(io.env['TSIWS_TEST_SLOW_JUDGE_MS']) } : {}),
      listening: (url) => {
        io.out(`tsiws-conform proxy: ${url}${SERVICE_PATH} -> ${target}${SERVICE_PATH} (namespace ${settings.namespace}, profile ${settings.profile}, judging ${settings.judge === 'all' ? 'every exchange' : 'what keeps up'}${settings.capture ? `, capturing to ${settings.capture}` : ''})`);
        io.out(`WSDL: ${url}${SERVICE_PATH}?WSDL   (Ctrl-C stops it and writes the reports to ${settings.reportsDir})`);
      },
      onRecord: (record) => {
        for (const finding of findingLines(record, settings.failOn)) io.out(finding);
      },
    }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE' || err.code === 'EADDRNOTAVAIL' || err.code === 'EACCES') throw new ConfigError(`--port/--host: cannot listen on ${settings.host}:${settings.proxyPort} (${err.code}); give another --port (0 picks a free one)`);
      throw err;
    });
    const observed = report.info.observed!;
    io.out(`Stopped by ${report.stoppedBy}: ${observed.exchanges} exchanges${observed.lastExchangeAt ? `, the last at ${observed.lastExchangeAt}` : ''}; ${judgedText(observed.exchanges, observed)}`);
    io.out(`Reports: ${report.files.join(', ')}`);
    io.out(`Verdict: ${verdictText(report.digest.summary(report.info))}`);
    return exitCodeForSignal(report.stoppedBy);
  } finally {
    interruption.stop();
  }
}

/** One line per finding of an exchange, as it is judged: failed checks of level warning or above
 * (info is an observation, counted in the reports), crashed checks, and an exchange that failed. */
export function findingLines(record: ExchangeRecord, failOn: FailOn): string[] {
  const where = `${record.caseId} ${record.operation} ${record.transport}`;
  if (record.error) return [`finding: ${where} [error] ${record.error.code}: ${record.error.message}`];
  return record.checks
    .filter((c) => c.status === 'error' || (c.status === 'failed' && (c.level === 'warning' || failsRun(c.level, failOn))))
    .map((c) => `finding: ${where} [${c.status === 'error' ? 'tool error' : c.level ?? 'error'}] ${c.id}: ${c.message ?? ''}`);
}
