/**
 * The settings one command alone takes (serve's port, compare's --json, the bench's sizes), declared
 * as run's are in settings.ts: flag, variable (if any), default, parser, help and the commands that
 * take them. A command's whole configuration is the settings of both tables it takes (commands.ts).
 */
import { DEFAULT_WSDL_BASE_URL } from '../contract/index.js';
import { ConfigError } from './errors.js';
import { bool, list, oneOf, path, positiveInt, seed, text, url } from './parsers.js';
import type { SettingSpec } from './setting.js';

export interface CommandOnlySettings {
  /** serve */
  readonly port: number;
  readonly host: string;
  readonly mutant: string | undefined;
  readonly listMutants: boolean;
  /** serve --stateful: the vendor's choices the service makes (src/server/stateful/), by name or random:SEED. */
  readonly personality: string | undefined;
  readonly listPersonalities: boolean;
  /** serve --stateful: a file each web-method call's outcome is appended to, one JSON line each. */
  readonly answerLog: string | undefined;
  /** wsdl: the scheme and host written into the port addresses, and what to print or write. */
  readonly address: string;
  readonly xsd: boolean;
  readonly write: boolean;
  /** diff-wsdl: a WSDL file to compare instead of a target's. */
  readonly file: string | undefined;
  /** checks, compare: JSON for machines. */
  readonly json: boolean;
  /** checks --wsi: list the WS-I Basic Profile assertions instead of the checks. */
  readonly listWsi: boolean;
  /** shapes infer: where the learned result schemas are written. */
  readonly schemasOut: string;
  /** contract: the WSDL to read the table from. */
  readonly fromWsdl: string | undefined;
  /** bench (npm run bench) */
  readonly duration: number;
  /** undefined: sized from the raw rate (src/bench/harness.ts, sizedRepeat). */
  readonly harnessRepeat: number | undefined;
  readonly sizes: readonly number[];
  /** bench: the parts measured (all of BENCH_PARTS by default). */
  readonly benchOnly: readonly BenchPart[];
  readonly benchSeed: number;
  readonly out: string;
  /** bench: the figures against the Mono ASMX host are required (--asmx) or left out (--no-asmx). */
  readonly asmx: boolean;
  readonly noAsmx: boolean;
  /** bench: measure one figure alone (--only proxy-memory: the proxy's memory 100k/10k). */
  /** proxy: the target it forwards to (scheme, host and an optional path prefix, as run's --base-url). */
  readonly target: string | undefined;
  /** proxy: its own port (serve has another default). */
  readonly proxyPort: number;
  /** proxy: leave the addresses in a ?WSDL answer pointing at the target. */
  readonly keepWsdlAddress: boolean;
  /** proxy: add the tsiws-violations header (the request's client findings) to each answer. */
  readonly violationsHeader: boolean;
  /** proxy: the folder each exchange is written to as it passes (traffic.jsonl). */
  readonly capture: string | undefined;
  /** proxy: judge a sample under load, forwarding never waiting (sample), or every exchange, the
   * answers held back while judging lags (all); see src/proxy/judge-queue.ts. */
  readonly judge: 'sample' | 'all';
  /** proxy: the backlog judged whole before sampling starts; undefined: from the heap limit. */
  readonly judgeQueue: number | undefined;
}

type Setting<K extends keyof CommandOnlySettings> = SettingSpec<K, CommandOnlySettings[K]>;

function port(t: string, source: string): number {
  if (!/^\d+$/.test(t.trim()) || Number(t) > 65535) throw new ConfigError(`${source}: expected a port number from 0 to 65535, got "${t}"`);
  return Number(t);
}

function absoluteUrl(t: string, source: string): string {
  try {
    new URL(t);
  } catch {
    throw new ConfigError(`${source}: "${t}" is not a URL`);
  }
  return t;
}

/** The parts of `npm run bench` (src/bench/main.ts), for --only on a shared machine. */
export const BENCH_PARTS = ['throughput', 'profile', 'proxy', 'proxy-memory', 'asmx', 'growth', 'startup'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

const sizes = (t: string, source: string): number[] => t.split(',').map((s) => positiveInt(s.trim(), source));

export const COMMAND_SETTINGS = [
  { key: 'port', commands: ['serve'], flag: 'port', env: 'TSIWS_PORT', defaultText: '8089; 0 picks a free one', help: 'TCP port to listen on', parse: port },
  { key: 'target', commands: ['proxy'], flag: 'target', env: 'TSIWS_TARGET', defaultText: '(none; required)', help: 'Scheme and host of the service the proxy forwards to (an optional path prefix too, as run\'s --base-url); /api/rmm/tsiWS.asmx is appended', parse: url },
  { key: 'host', commands: ['serve', 'proxy'], flag: 'host', env: 'TSIWS_HOST', help: 'Address to bind (loopback by default: give 0.0.0.0 or an address of the machine to be reached from others)', parse: text },
  { key: 'mutant', commands: ['serve'], flag: 'mutant', env: 'TSIWS_MUTANT', defaultText: '(none)', help: 'Serve a deliberately broken variant (see --list-mutants)', parse: text },
  { key: 'listMutants', commands: ['serve'], flag: 'list-mutants', boolean: true, help: 'List the mutants with a one-line description', parse: bool },
  { key: 'personality', commands: ['serve'], flag: 'personality', env: 'TSIWS_PERSONALITY', defaultText: 'reference', help: 'With --stateful: the vendor choices the service makes (result format, error style, strictness, id ranges, which read lists what), by name or random:SEED (see --list-personalities)', parse: text },
  { key: 'listPersonalities', commands: ['serve'], flag: 'list-personalities', boolean: true, help: 'List the stateful service\'s personalities, one name a line', parse: bool },
  { key: 'answerLog', commands: ['serve'], flag: 'answer-log', env: 'TSIWS_ANSWER_LOG', defaultText: '(none)', help: 'With --stateful: append one JSON line per web-method call (operation, transport, outcome, error, whether the values were valid; never a value) to this file', parse: path },
  { key: 'address', commands: ['wsdl'], flag: 'base-url', help: 'Scheme and host written into the port addresses', parse: absoluteUrl },
  { key: 'xsd', commands: ['wsdl'], flag: 'xsd', boolean: true, help: 'Print the standalone XSD instead of the WSDL', parse: bool },
  { key: 'write', commands: ['wsdl'], flag: 'write', boolean: true, help: 'Regenerate the checked-in wsdl/tsiWS.wsdl and wsdl/tsiWS.xsd (default namespace and base URL)', parse: bool },
  { key: 'file', commands: ['diff-wsdl'], flag: 'file', defaultText: "(none: the target's WSDL, or the embedded reference server's)", help: 'A WSDL file to compare instead of a target\'s', parse: text },
  { key: 'json', commands: ['checks', 'compare'], flag: 'json', boolean: true, help: 'Print JSON for machines', parse: bool },
  { key: 'listWsi', commands: ['checks'], flag: 'wsi', boolean: true, help: 'List the WS-I Basic Profile 1.1 and SSBP 1.0 assertions (id, test assertion id, target, requirement, section, prerequisites)', parse: bool },
  { key: 'schemasOut', commands: ['shapes'], flag: 'out', defaultText: 'result-schemas', help: 'Folder the learned schemas are written to (for run --result-schemas)', parse: path },
  { key: 'fromWsdl', commands: ['contract'], flag: 'from-wsdl', defaultText: '(none; required)', help: 'A WSDL file; its operations are printed as rows of the table in src/contract/operations.ts', parse: text },
  { key: 'duration', commands: ['bench'], flag: 'duration', help: 'Seconds autocannon sends the raw requests for', parse: positiveInt },
  { key: 'harnessRepeat', commands: ['bench'], flag: 'harness-repeat', defaultText: '(sized: at half the raw rate, --duration seconds of sending)', help: 'Times the harness run repeats the positive suite', parse: positiveInt },
  { key: 'sizes', commands: ['bench'], flag: 'sizes', help: 'Sizes (--repeat) of the default run whose growth is measured', parse: sizes },
  { key: 'benchOnly', commands: ['bench'], flag: 'only', defaultText: '(every part)', help: 'Parts of the bench to measure (the others are left out and their targets read "not measured"); proxy-memory alone: the proxy\'s resident memory after 100,000 exchanges over after 10,000 (each after a full collection, judging a sample and all), nothing else', parse: list(BENCH_PARTS, 'bench part') },
  { key: 'benchSeed', commands: ['bench'], flag: 'seed', help: 'fast-check seed of the bench\'s runs', parse: seed },
  { key: 'asmx', commands: ['bench'], flag: 'asmx', boolean: true, help: 'Require the figures against the Mono ASMX host (exit 1 when Mono is missing; by default they are skipped with the reason printed)', parse: bool },
  { key: 'noAsmx', commands: ['bench'], flag: 'no-asmx', boolean: true, help: 'Leave out the figures against the Mono ASMX host', parse: bool },
  { key: 'proxyPort', commands: ['proxy'], flag: 'port', env: 'TSIWS_PROXY_PORT', defaultText: '8090; 0 picks a free one', help: 'TCP port the proxy listens on', parse: port },
  { key: 'keepWsdlAddress', commands: ['proxy'], flag: 'keep-wsdl-address', boolean: true, help: 'Forward ?WSDL answers unchanged: their soap:address, soap12:address and http:address keep naming the target (by default they name the proxy, so a client generated from it calls through the proxy)', parse: bool },
  { key: 'violationsHeader', commands: ['proxy'], flag: 'violations-header', env: 'TSIWS_VIOLATIONS_HEADER', boolean: true, help: 'Add a tsiws-violations header to each answer: the client findings of its request, as compact JSON (secrets redacted)', parse: bool },
  { key: 'judge', commands: ['proxy'], flag: 'judge', env: 'TSIWS_JUDGE', help: 'What the proxy judges. sample: forwarding never waits on judging; past --judge-queue exchanges waiting, every k-th is judged (k rising with the backlog) and the reports say how many went unjudged. all: every exchange, the proxy forwarding no faster than it judges (for CI and certification)', parse: oneOf(['sample', 'all'] as const, 'judge mode') },
  { key: 'judgeQueue', commands: ['proxy'], flag: 'judge-queue', env: 'TSIWS_JUDGE_QUEUE', defaultText: '(from the heap limit: a 512th of it at 32 KB an exchange, 64 to 512)', help: 'Exchanges waiting to be judged before --judge sample starts sampling; the queue holds at most twice as many', parse: positiveInt },
  { key: 'capture', commands: ['proxy'], flag: 'capture', env: 'TSIWS_CAPTURE', defaultText: '(none)', help: 'Write every exchange as it passes to DIR/traffic.jsonl, one HAR 1.2 entry a line, secrets replaced by placeholders such as {{sig}} (for run --traffic)', parse: path },
  { key: 'out', commands: ['bench'], flag: 'out', defaultText: 'reports/bench.json', help: 'File the figures are written to', parse: path },
] as const satisfies ReadonlyArray<Setting<keyof CommandOnlySettings>>;

export const COMMAND_DEFAULTS: CommandOnlySettings = {
  port: 8089,
  host: '127.0.0.1',
  mutant: undefined,
  listMutants: false,
  personality: undefined,
  listPersonalities: false,
  answerLog: undefined,
  address: DEFAULT_WSDL_BASE_URL,
  xsd: false,
  write: false,
  file: undefined,
  json: false,
  listWsi: false,
  schemasOut: path('result-schemas'),
  fromWsdl: undefined,
  duration: 10,
  // Sized from each target's raw rate (src/bench/harness.ts, sizedRepeat): a fixed 200 left the
  // reference server's steady window at 1.0 to 1.4 s once the harness reached 6,000 to 9,000 a second.
  harnessRepeat: undefined,
  sizes: [1, 16, 64],
  benchOnly: BENCH_PARTS,
  benchSeed: 1,
  out: path('reports/bench.json'),
  asmx: false,
  noAsmx: false,
  target: undefined,
  proxyPort: 8090,
  keepWsdlAddress: false,
  violationsHeader: false,
  capture: undefined,
  judge: 'sample',
  judgeQueue: undefined,
};
