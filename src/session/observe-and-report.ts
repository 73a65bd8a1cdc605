/**
 * The proxy's session (issue 53): the second source of records beside runAndReport. It starts the
 * proxy (src/proxy/forward.ts), judges each exchange once its answer has gone to the client
 * (proxy/observed-record.ts, with the client judgement it is given), and feeds the records into the
 * run's own pipeline: records.jsonl (results/exchange-log.ts), the digest (report/digest/digest.ts) and, once
 * stopped, the same reports a run writes (report/write.ts), its information marked kind 'observed'.
 * With --capture, each exchange is also written to the capture as it passes (traffic/write.ts).
 */
import type { CommandSettings } from '../config/commands.js';
import { SERVICE_NAME } from '../contract/index.js';
import { redactedSettings } from '../config/settings.js';
import { selectedChecks } from '../checks/evaluate.js';
import { openCaptureWriter, type Capture } from '../traffic/write.js';
import { startProxy, type RunningProxy } from '../proxy/forward.js';
import { defaultJudgeQueue, gcPauses, JudgeQueue } from '../proxy/judge-queue.js';
import type { ForwardedExchange, JudgeClient } from '../proxy/observed.js';
import { observedRecord, type ObservingContext } from '../proxy/observed-record.js';
import { violationsHeader } from '../proxy/violations.js';
import { RunDigest } from '../report/digest/digest.js';
import type { RunInfo } from '../report/digest/summary.js';
import { prepareReportsFolder, writeReports } from '../report/write.js';
import { compactRecord } from '../results/compact.js';
import { EXCHANGE_LOG_FILE, openExchangeLog, type ExchangeLog } from '../results/exchange-log.js';
import { accessForReports } from '../results/shown-access.js';
import { accessSecrets } from '../results/secrets.js';
import type { ExchangeRecord } from '../results/record.js';
import { toolInfo } from '../results/tool-info.js';
import { applyWaivers } from '../results/waivers.js';
import { dayOf } from '../config/waivers.js';

export type ObserveSettings = CommandSettings & { readonly target: string };

export interface ObserveHandlers {
  /** Stops the proxy when aborted (its reason, e.g. 'SIGINT', is reported). */
  readonly signal: AbortSignal;
  /** The client judgement (the client checks); without one, requests are not judged, answers are
   * judged by the checks that judge any answer. */
  readonly judgeClient?: JudgeClient;
  /** Once listening: where. */
  readonly listening?: (url: string) => void;
  /** Each record as it is made (the console prints its findings). */
  readonly onRecord?: (record: ExchangeRecord) => void;
  /** How long the exchanges in flight may take to finish once stopped (default 5 s). */
  readonly graceMs?: number;
  /** Tests only: each judgement takes at least this long (a judge slower than the traffic). */
  readonly slowJudgeMs?: number;
}

export interface ObservedReport {
  readonly digest: RunDigest;
  readonly info: RunInfo;
  readonly files: readonly string[];
  /** What stopped the proxy. */
  readonly stoppedBy: string;
}

export async function observeAndReport(settings: ObserveSettings, handlers: ObserveHandlers): Promise<ObservedReport> {
  prepareReportsFolder(settings.reportsDir);
  const startedAt = new Date();
  const access = accessForReports(settings);
  const ctx: ObservingContext = {
    target: settings.target, namespace: settings.namespace, profile: settings.profile,
    checks: await selectedChecks(settings), access, ...(handlers.judgeClient ? { judgeClient: handlers.judgeClient } : {}),
  };
  const log = openExchangeLog(settings.reportsDir);
  const digest = new RunDigest(settings.failOn);
  const capture: Capture | undefined = settings.capture
    ? openCaptureWriter(settings.capture, settings.target, Object.keys(settings.headers), accessSecrets(settings).map(([value]) => [value, '{{secret}}']))
    : undefined;
  const intake = intakeOf(settings, handlers, ctx, digest, { log, capture });
  const proxy = await listeningProxy(settings, handlers, access.secrets, intake, { log, capture });
  intake.inFlight = proxy.inFlight;
  const stoppedBy = await servedUntilStopped(proxy, handlers, intake, { log, capture });
  const info = observedInfo(settings, startedAt, digest, intake, stoppedBy);
  const files = writeReports(settings.reportsDir, digest, info, [EXCHANGE_LOG_FILE]);
  return { digest, info, files, stoppedBy };
}

/** The files a session writes as exchanges pass: records.jsonl and, with --capture, the capture. */
interface SessionFiles {
  readonly log: ExchangeLog;
  readonly capture: Capture | undefined;
}

/** The session's side of the traffic: each exchange the proxy forwards, captured, queued and judged. */
interface Intake {
  readonly queue: JudgeQueue<ForwardedExchange>;
  /** With --judge sample: the collector's pauses, charged to judging's share. */
  readonly pauses: ReturnType<typeof gcPauses> | undefined;
  readonly forwarded: (exchange: ForwardedExchange) => void;
  /** When the last exchange's answer ended. */
  lastExchangeAt: string | undefined;
  /** Exchanges the proxy is forwarding now: none until it listens. */
  inFlight: () => number;
}

function intakeOf(settings: ObserveSettings, handlers: ObserveHandlers, ctx: ObservingContext, digest: RunDigest, files: SessionFiles): Intake {
  const { log, capture } = files;
  const today = dayOf(new Date());
  let judgedCount = 0;
  const observe = (exchange: ForwardedExchange) => {
    if (handlers.slowJudgeMs) busyFor(handlers.slowJudgeMs);
    // --waivers as a run applies them: a matching finding is reported waived until it expires,
    // the session's start day the one its expiry is compared with (a run's is its own start's).
    const record = applyWaivers(observedRecord(exchange, ctx, ++judgedCount), settings.waivers, today);
    log.write(compactRecord(record));
    digest.add(record);
    handlers.onRecord?.(record);
  };
  // Forwarding never waits on judging (--judge sample): each exchange is captured and offered to
  // the queue as it passes; judging takes what keeps up (proxy/judge-queue.ts).
  const pauses = settings.judge === 'sample' ? gcPauses() : undefined;
  const intake: Intake = {
    lastExchangeAt: undefined,
    inFlight: () => 0,
    pauses,
    queue: new JudgeQueue<ForwardedExchange>({
      mode: settings.judge, capacity: settings.judgeQueue ?? defaultJudgeQueue(), judge: observe, busy: () => intake.inFlight() > 0,
      ...(pauses ? { overheadMs: pauses.since } : {}),
    }),
    forwarded: (exchange) => {
      capture?.write(exchange);
      intake.lastExchangeAt = new Date(exchange.startedAt + (exchange.answer?.elapsedMs ?? 0)).toISOString();
      intake.queue.offer(exchange);
    },
  };
  return intake;
}

/** The proxy, listening; if nothing listened (the port is taken, say), the files opened for the
 * session are closed before the error goes on. */
function listeningProxy(settings: ObserveSettings, handlers: ObserveHandlers, secrets: Array<[string, string]>, intake: Intake, files: SessionFiles): Promise<RunningProxy> {
  const judge = handlers.judgeClient;
  return startProxy({
    target: settings.target, host: settings.host, port: settings.proxyPort, access: settings,
    timeoutMs: settings.timeoutMs, maxBodyBytes: settings.maxResponseBytes, keepWsdlAddress: settings.keepWsdlAddress,
    ...(settings.violationsHeader && judge ? { violations: (request) => violationsHeader(request, judge, secrets) } : {}),
    onExchange: intake.forwarded,
  }).catch((err: unknown) => {
    intake.pauses?.stop();
    files.capture?.close();
    files.log.close();
    throw err;
  });
}

/** Serves until the signal stops the session, then closes the proxy and judges what waits;
 * returns what stopped it. */
async function servedUntilStopped(proxy: RunningProxy, handlers: ObserveHandlers, intake: Intake, files: SessionFiles): Promise<string> {
  try {
    handlers.listening?.(proxy.url);
    return await stopped(handlers.signal);
  } finally {
    await proxy.close(handlers.graceMs ?? 5000);
    // The last exchanges are judged a tick after their answers went out (forward.ts).
    await new Promise((resolve) => setImmediate(resolve));
    // What waits in the queue is judged before the reports are written: they are complete up to
    // the last exchange taken for judging.
    intake.pauses?.stop();
    intake.queue.drain();
    files.capture?.close();
    files.log.close();
  }
}

/** The session's information in the reports, marked kind 'observed'. */
function observedInfo(settings: ObserveSettings, startedAt: Date, digest: RunDigest, intake: Intake, stoppedBy: string): RunInfo {
  const { queue, lastExchangeAt } = intake;
  return {
    tool: toolInfo(),
    target: settings.target,
    embedded: false,
    namespace: settings.namespace,
    startedAt: startedAt.toISOString(),
    durationMs: Date.now() - startedAt.getTime(),
    // The report's rows and columns are the operations and transports clients used (the ?WSDL
    // record has a row of its own, as a run's service record does).
    configuration: { ...redactedSettings(settings), operations: [...digest.operations].filter((o) => o !== SERVICE_NAME), transports: [...digest.transports].filter((t) => t !== 'wsdl') },
    toolErrors: [],
    seed: 0,
    kind: 'observed',
    observed: { exchanges: queue.tally().exchanges, ...queue.observed(), judge: settings.judge, ...(lastExchangeAt ? { lastExchangeAt } : {}), stoppedBy },
  };
}

/** Tests' slow judge: CPU held as a slow check would hold it. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function stopped(signal: AbortSignal): Promise<string> {
  if (signal.aborted) return Promise.resolve(String(signal.reason));
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(String(signal.reason)), { once: true }));
}
