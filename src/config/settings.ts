/**
 * Every run setting, declared once: its flag, environment variable, default, parser and help.
 * The CLI's flags, the .env keys, the tables of docs/cli.md (npm run docs) and the redacted configuration in reports all
 * come from this table.
 */
import { resolve } from 'node:path';
import { DEFAULT_FAIL_ON, DEFAULT_NAMESPACE, DEFAULT_RESULT_FORMAT, FAIL_ON, operations, PROFILE_IDS, RESULT_FORMATS, TRANSPORT_IDS, WSI_PROFILES, type BasicAuth, type FailOn, type ProfileId, type ResultFormat, type TransportId, type WsiProfile } from '../contract/index.js';
import { basicAuth, headers, proxyUrl, readableFile } from './access-settings.js';
import { ConfigError } from './errors.js';
import { bool, directory, regex, list, listFrom, nonNegativeInt, oneOf, path, positiveInt, seed, shard, text, url, type Catalogs, type Shard } from './parsers.js';
import { RUN, type SettingGroup, type SettingSpec } from './setting.js';
import { waiversFile, type Waiver } from './waivers.js';

/** 10 runs x 80 operation/transport pairs keep the default run within seconds (docs/cases.md, Fuzzing). */
export const DEFAULT_RUNS = 10;

/** Enough for a few blocked operations of a target with data (a base request each for 20
 * operations, and a handful of candidates for each blocked one); the echo is never searched. */
export const DEFAULT_SEARCH_BUDGET = 60;

export { ConfigError } from './errors.js';
export type { Catalogs, Shard } from './parsers.js';

/** The resolved configuration of a run: plain data, passed to the suites as it is. */
export interface RunSettings {
  readonly baseUrl: string | undefined;
  readonly namespace: string;
  readonly transports: readonly TransportId[];
  readonly operations: readonly string[];
  readonly reportsDir: string;
  readonly repnumber: string;
  readonly timestamp: string | undefined;
  readonly sig: string | undefined;
  readonly mobilekey: string | undefined;
  readonly signer: string | undefined;
  readonly timeoutMs: number;
  /** Time allowed for the answer to a negative case (never more than timeoutMs): none in time is
   * the answers-in-time finding, not a tool error. */
  readonly negativeTimeoutMs: number;
  readonly maxResponseBytes: number;
  readonly concurrency: number;
  readonly profile: ProfileId;
  /** Check ids to run (undefined: all) and to leave out. */
  readonly checks: readonly string[] | undefined;
  readonly skipChecks: readonly string[];
  readonly slaMs: number | undefined;
  /** Shared secret of the reference server's example signing scheme (embedded server and serve). */
  readonly authSecret: string | undefined;
  /** fast-check seed of the run; the same seed sends the same requests. */
  readonly seed: number;
  /** fast-check runs per operation and transport. */
  readonly runs: number;
  readonly maxStringLength: number;
  /** Whole-run budget in seconds; fuzzing and cases stop gracefully at it. */
  readonly maxDurationS: number | undefined;
  /** Compare results with the reference echo; undefined: only against the embedded server. */
  readonly echo: boolean | undefined;
  /** How the embedded server (and serve) writes result texts, and so how the echo is read. */
  readonly resultFormat: ResultFormat;
  /** An ES module of user checks (src/checks/user-module.ts), run beside the built-in catalog. */
  readonly checksModule: string | undefined;
  /** Named normalisation rules for the parity comparison (src/parity/normalise.ts). */
  readonly normalise: readonly string[];
  /** A JSON file of further normalisation rules. */
  readonly normaliseFile: string | undefined;
  /** Which conformance suites run (suites/<name>.conform.ts). */
  readonly suites: readonly SuiteId[];
  /** Retries of a request that got no answer at all (off by default: a conformance tool must not hide flakiness). */
  readonly retries: number;
  /** Requests per second at most (undefined: no limit). */
  readonly rate: number | undefined;
  /** Send create, update and delete operations to a target other than the embedded server. */
  readonly allowMutations: boolean;
  /** Show secrets in reports and logs (local debugging only). */
  readonly showSecrets: boolean;
  /** Folder to record every case and decoded answer in, as a baseline (src/regression/format.ts). */
  readonly record: string | undefined;
  /** A recorded baseline to replay and compare with, instead of the suites. */
  readonly baseline: string | undefined;
  /** Captured traffic to replay in its order (a .har file or a proxy --capture folder), instead of the suites. */
  readonly traffic: string | undefined;
  /** Which transports a replayed call is sent over: the one it was captured on, or all four. */
  readonly trafficTransports: 'captured' | 'all';
  /** Folder of the user's result schemas, <Operation>.xsd or <Operation>.schema.json (checks/load-result-schemas.ts). */
  readonly resultSchemas: string | undefined;
  /** Console: only the verdict line and errors. */
  readonly quiet: boolean;
  /** Leave out the GitHub Actions job summary and workflow commands (cli/ci-summary.ts). */
  readonly noCiSummary: boolean;
  /** The Postman collection holds every exchange of the run, not only the failing ones (report/foreign/postman.ts). */
  readonly exportAll: boolean;
  /** Folder to write Allure results to, one per JUnit testcase (report/foreign/allure.ts); undefined: none. */
  readonly allure: string | undefined;
  /** Console: text for people, json (one document on stdout) for machines. */
  readonly format: 'text' | 'json';
  /** Every case and fuzz property is run this many times (soak tests; the bench's growth runs). */
  readonly repeat: number;
  /** Run only this part of the cases (src/engine/run/plan.ts); undefined: the whole run. */
  readonly shard: Shard | undefined;
  /** Cores a run may keep busy: a suite with enough work runs in up to this many worker processes
   * (src/engine/run/lanes.ts); undefined: the machine's (os.availableParallelism()). */
  readonly workers: number | undefined;
  /** The lowest level of finding that fails the run (src/results/levels.ts). */
  readonly failOn: FailOn;
  /** Accepted findings, each until its expiry (config/waivers.ts, results/waivers.ts). */
  readonly waivers: readonly Waiver[];
  /** Hold the target to WS-I Basic Profile 1.1 (src/checks/wsi/grade.ts): its failed assertions are errors. */
  readonly wsi: WsiProfile;
  /** Transport-level access (src/http/access.ts): every value is a secret. */
  readonly headers: Readonly<Record<string, string>>;
  readonly auth: BasicAuth | undefined;
  readonly proxy: string | undefined;
  readonly noProxy: string | undefined;
  readonly caFile: string | undefined;
  readonly cert: string | undefined;
  readonly key: string | undefined;
  readonly insecure: boolean;
  /** The embedded server is the stateful reference implementation (src/server/stateful/): a seeded
   * store, business errors in-band, creates, updates and deletes that change what later requests see. */
  readonly stateful: boolean;
  /** The stateful service stamps every result with the time it was made and a fresh id (servedAt,
   * answerId): a field that differs on every answer, as a live service's time stamps do (issue 38). */
  readonly stampResults: boolean;
  /** A regular expression matching the target's in-band failure answers (HTTP 200 whose result text
   * reports an error); undefined: learned by the discovery step (src/state/in-band.ts). */
  readonly failurePattern: string | undefined;
  /** A JSON file of known-good values per parameter for a live system (src/state/values-file.ts). */
  readonly valuesFile: string | undefined;
  /** Requests the search for values that succeed may send after discovery (engine/learn/value-search.ts). */
  readonly searchBudget: number;
  /** A deployment the user trusts (issue 38): every case sent to the target goes to it too, and the
   * answers are compared field by field beyond the noise its own answers show. */
  readonly referenceUrl: string | undefined;
  /** A second copy of the reference: it answers each case once instead of the primary answering
   * twice, so that its differences from the primary are the noise. */
  readonly referenceSecondaryUrl: string | undefined;
  /** The reference's transport-level access; each undefined takes the target's (reference-access.ts). */
  readonly referenceHeaders: Readonly<Record<string, string>> | undefined;
  readonly referenceAuth: BasicAuth | undefined;
  readonly referenceCaFile: string | undefined;
  readonly referenceCert: string | undefined;
  readonly referenceKey: string | undefined;
  readonly referenceInsecure: boolean | undefined;
  // What only a config file gives (config-file.ts), absent without one: no rows of the table.
  /** per-operation and per-transport sections: checks left out and the SLA of one operation or transport. */
  readonly scoped?: Scoped;
  /** Where each setting that is not its default came from: a flag, a variable, a .env line or a
   * config file's JSON pointer (reports' configuration table). */
  readonly sources?: Readonly<Record<string, string>>;
}

/** A section of per-operation or per-transport: what it changes for that operation or transport. */
export interface ScopedSettings {
  readonly skipChecks?: readonly string[];
  readonly slaMs?: number;
}
export interface Scoped {
  readonly operations: Readonly<Record<string, ScopedSettings>>;
  readonly transports: Readonly<Record<string, ScopedSettings>>;
}

export const SUITE_IDS = ['positive', 'negative', 'fuzz', 'service', 'sequences'] as const;
export type SuiteId = (typeof SUITE_IDS)[number];

type Setting<K extends keyof RunSettings> = SettingSpec<K, RunSettings[K]>;


export const SETTINGS = [
  { key: 'baseUrl', group: 'target', commands: [...RUN, 'diff-wsdl'], flag: 'base-url', env: 'TSIWS_BASE_URL', defaultText: '(embedded reference server)', help: 'Scheme and host of the target; /api/rmm/tsiWS.asmx is appended', parse: url },
  { key: 'namespace', group: 'target', commands: [...RUN, 'serve', 'wsdl', 'diff-wsdl', 'proxy'], flag: 'namespace', env: 'TSIWS_NAMESPACE', help: 'XML namespace of the service', parse: text },
  { key: 'transports', group: 'generation', commands: RUN, flag: 'transports', env: 'TSIWS_TRANSPORTS', help: 'Transports to exercise', parse: list(TRANSPORT_IDS, 'transport') },
  { key: 'operations', group: 'generation', commands: RUN, flag: 'operations', env: 'TSIWS_OPERATIONS', defaultText: '(all 20)', help: 'Operations to exercise', parse: list(operations.map((o) => o.name), 'operation') },
  { key: 'reportsDir', group: 'reports', commands: [...RUN, 'diff-wsdl', 'merge-reports', 'proxy'], alias: { command: 'merge-reports', flag: 'reports-dir' }, flag: 'reports', env: 'TSIWS_REPORTS', defaultText: 'reports', help: 'Folder the reports are written to', parse: path },
  { key: 'repnumber', group: 'auth', commands: RUN, flag: 'repnumber', env: 'TSIWS_REPNUMBER', help: 'repnumber sent with every request (an integer)', parse: (t: string, s: string) => (/^-?\d+$/.test(t) ? t : (() => { throw new ConfigError(`${s}: repnumber must be an integer, got "${t}"`); })()) },
  { key: 'timestamp', group: 'auth', commands: RUN, flag: 'timestamp', env: 'TSIWS_TIMESTAMP', defaultText: '(time of the request, ISO 8601)', help: 'Fixed timestamp value (a signer overrides it)', secret: true, parse: text },
  { key: 'sig', group: 'auth', commands: RUN, flag: 'sig', env: 'TSIWS_SIG', defaultText: '(empty)', help: 'Fixed sig value (a signer overrides it)', secret: true, parse: text },
  { key: 'mobilekey', group: 'auth', commands: RUN, flag: 'mobilekey', env: 'TSIWS_MOBILEKEY', defaultText: '(empty)', help: 'Fixed mobilekey value for the five operations that carry it', secret: true, parse: text },
  { key: 'signer', group: 'auth', commands: RUN, flag: 'signer', env: 'TSIWS_SIGNER', defaultText: '(none)', help: 'ES module exporting sign({ operation, params }) => { timestamp, sig, mobilekey? }', secret: true, parse: readableFile },
  { key: 'timeoutMs', group: 'access', commands: [...RUN, 'proxy'], flag: 'timeout-ms', env: 'TSIWS_TIMEOUT_MS', help: 'Time allowed for one complete response', parse: positiveInt },
  { key: 'negativeTimeoutMs', group: 'access', commands: RUN, flag: 'negative-timeout-ms', env: 'TSIWS_NEGATIVE_TIMEOUT_MS', help: 'Time allowed for the answer to a negative case (invalid input, a malformed or cut-off request; at most --timeout-ms); no answer in time is one answers-in-time finding per scenario and transport, not a tool error', parse: positiveInt },
  { key: 'maxResponseBytes', group: 'access', commands: [...RUN, 'proxy'], flag: 'max-response-bytes', env: 'TSIWS_MAX_RESPONSE_BYTES', help: 'Largest response body read; larger ones are a finding', parse: positiveInt },
  { key: 'concurrency', group: 'safety', commands: RUN, flag: 'concurrency', env: 'TSIWS_CONCURRENCY', help: 'Requests in flight at once', parse: positiveInt },
  { key: 'failOn', group: 'checks', commands: [...RUN, 'proxy'], flag: 'fail-on', env: 'TSIWS_FAIL_ON', help: 'Lowest level of finding that fails the run: error (the contract), or warning (also differences from ASMX runtime behaviour where the contract is silent)', parse: oneOf(FAIL_ON, 'level') },
  { key: 'waivers', group: 'checks', commands: [...RUN, 'proxy'], flag: 'waivers', env: 'TSIWS_WAIVERS', defaultText: '(none)', help: 'JSON file of waivers, { "waivers": [{ "check", "operation"?, "transport"?, "message"?, "reason", "expires": "YYYY-MM-DD", "ticket"? }] } or the bare array: a matching finding is reported as waived and does not fail the run until it expires', parse: (t: string, s: string) => waiversFile(t, s) },
  { key: 'wsi', group: 'checks', commands: RUN, flag: 'wsi', env: 'TSIWS_WSI', help: 'Hold the target to a WS-I profile: bp11 makes a failed Basic Profile 1.1 assertion an error (without it, a warning unless the target claims the profile in its WSDL); off', parse: oneOf(WSI_PROFILES, 'profile') },
  { key: 'profile', group: 'checks', commands: [...RUN, 'proxy'], flag: 'profile', env: 'TSIWS_PROFILE', help: 'What invalid input must be answered with, and whether ASMX-inherent transport differences fail: asmx, lenient or strict', parse: oneOf(PROFILE_IDS, 'profile') },
  { key: 'checks', group: 'checks', commands: [...RUN, 'proxy'], flag: 'checks', env: 'TSIWS_CHECKS', defaultText: '(all; see tsiws-conform checks)', help: 'Only these check ids', parse: listFrom('checks', 'check id') },
  { key: 'skipChecks', group: 'checks', commands: [...RUN, 'proxy'], flag: 'skip-checks', env: 'TSIWS_SKIP_CHECKS', defaultText: '(none)', help: 'Leave out these check ids', parse: listFrom('checks', 'check id') },
  { key: 'checksModule', group: 'checks', commands: [...RUN, 'checks'], flag: 'checks-module', env: 'TSIWS_CHECKS_MODULE', defaultText: '(none)', help: 'ES module (.js, .mjs or .ts) exporting further checks, run and reported like the built-in ones (see docs/checks.md, Your own checks)', parse: readableFile },
  { key: 'slaMs', group: 'checks', commands: RUN, flag: 'sla-ms', env: 'TSIWS_SLA_MS', defaultText: '(no limit)', help: 'Response time limit checked by response-time', parse: positiveInt },
  { key: 'seed', group: 'generation', commands: RUN, flag: 'seed', env: 'TSIWS_SEED', defaultText: '(random, printed at the start)', help: 'fast-check seed; the same seed sends the same requests', parse: seed },
  { key: 'runs', group: 'generation', commands: RUN, flag: 'runs', env: 'TSIWS_RUNS', help: 'Fuzzed requests per operation and transport', parse: positiveInt },
  { key: 'maxStringLength', group: 'generation', commands: RUN, flag: 'max-string-length', env: 'TSIWS_MAX_STRING_LENGTH', help: 'Longest fuzzed string value', parse: positiveInt },
  { key: 'maxDurationS', group: 'execution', commands: RUN, flag: 'max-duration', env: 'TSIWS_MAX_DURATION', defaultText: '(no limit)', help: 'Whole-run budget in seconds; the run stops gracefully and its reports say what was cut short', parse: positiveInt },
  { key: 'echo', group: 'checks', commands: RUN, flag: 'echo', env: 'TSIWS_ECHO', boolean: true, defaultText: '(on for the embedded server only)', help: "Check the reference server's echo (for serve and its mutants)", parse: bool },
  { key: 'resultFormat', group: 'target', commands: [...RUN, 'serve'], flag: 'result-format', env: 'TSIWS_RESULT_FORMAT', help: "Result text the embedded server (and serve) answers with: json, or xml (an XML document in text, as the live service types it); the echo check reads the same format", parse: oneOf(RESULT_FORMATS, 'result format') },
  { key: 'normalise', group: 'checks', commands: RUN, flag: 'normalise', env: 'TSIWS_NORMALISE', defaultText: '(none)', help: 'Named rules applied to result texts before parity comparison', catalog: 'normalise', parse: listFrom('normalise', 'normalisation rule') },
  { key: 'normaliseFile', group: 'checks', commands: RUN, flag: 'normalise-file', env: 'TSIWS_NORMALISE_FILE', defaultText: '(none)', help: 'JSON file of further rules: [{ "name", "pattern", "flags"?, "replacement"? }]', parse: readableFile },
  { key: 'suites', group: 'generation', commands: RUN, flag: 'suites', env: 'TSIWS_SUITES', help: 'Suites to run: positive (valid requests), negative, fuzz, service (?WSDL), sequences (create, find, update, delete one entity; a target with data)', parse: list(SUITE_IDS, 'suite') },
  { key: 'retries', group: 'access', commands: RUN, flag: 'retries', env: 'TSIWS_RETRIES', help: 'Retries of a request that got no answer (reported; off so flakiness shows)', parse: nonNegativeInt },
  { key: 'rate', group: 'safety', commands: RUN, flag: 'rate', env: 'TSIWS_RATE', defaultText: '(no limit)', help: 'Requests per second at most, to protect the target', parse: positiveInt },
  { key: 'allowMutations', group: 'safety', commands: RUN, flag: 'allow-mutations', env: 'TSIWS_ALLOW_MUTATIONS', boolean: true, help: 'Send the 8 create/update/delete operations to a target other than the embedded server', parse: bool },
  { key: 'showSecrets', group: 'reports', commands: RUN, flag: 'show-secrets', env: 'TSIWS_SHOW_SECRETS', boolean: true, help: 'Show sig, timestamp, mobilekey and the access values (--auth, --header, --proxy, TLS files) in reports (local debugging only)', parse: bool },
  { key: 'quiet', group: 'reports', commands: RUN, flag: 'quiet', env: 'TSIWS_QUIET', boolean: true, help: 'Print only the verdict line and errors (no progress, no table)', parse: bool },
  // A `no-` flag of its own: node 20's parseArgs has no negated booleans (allowNegative came in 22.4).
  { key: 'noCiSummary', group: 'reports', commands: ['run'], flag: 'no-ci-summary', env: 'TSIWS_NO_CI_SUMMARY', boolean: true, help: 'Under GitHub Actions (GITHUB_ACTIONS=true), do not append the job summary to $GITHUB_STEP_SUMMARY nor print ::error/::warning commands for the first 50 findings', parse: bool },
  { key: 'exportAll', group: 'reports', commands: RUN, flag: 'export-all', env: 'TSIWS_EXPORT_ALL', boolean: true, help: 'Write reports/tsiws.postman_collection.json with every exchange of the run, not only the failing ones', parse: bool },
  { key: 'allure', group: 'reports', commands: ['run'], flag: 'allure', env: 'TSIWS_ALLURE', defaultText: '(none)', help: 'Also write Allure results to this folder, one per testcase of junit.xml (steps, request and answer attached, labels operation, transport, check, level), for `allure generate`; earlier results in it are replaced', parse: path },
  { key: 'format', group: 'reports', commands: RUN, flag: 'format', env: 'TSIWS_FORMAT', help: 'Console output: text, or json (one JSON document on stdout: verdict, counts, report files, failures; human text on stderr)', parse: oneOf(['text', 'json'] as const, 'format') },
  { key: 'repeat', group: 'generation', commands: RUN, flag: 'repeat', env: 'TSIWS_REPEAT', help: 'Run every case and fuzz property this many times (soak tests, npm run bench)', parse: positiveInt },
  { key: 'shard', group: 'execution', commands: RUN, flag: 'shard', env: 'TSIWS_SHARD', defaultText: '(the whole run)', help: 'Run only shard i of n (e.g. 2/4), for CI machines; join their reports with merge-reports', parse: shard },
  { key: 'workers', group: 'execution', commands: RUN, flag: 'workers', env: 'TSIWS_WORKERS', defaultText: '(the machine\'s cores)', help: 'Cores a run keeps busy: a suite with more than a core\'s worth of cases is split across up to this many worker processes (lanes); given, the split is made however small the suite; --rate keeps one', parse: positiveInt },
  { key: 'authSecret', group: 'auth', commands: [...RUN, 'serve'], flag: 'auth-secret', env: 'TSIWS_AUTH_SECRET', defaultText: '(none: any signature accepted)', help: "The embedded server's example signing secret (see docs/cases.md, Authentication enforcement)", secret: true, parse: text },
  { key: 'record', group: 'reports', commands: RUN, flag: 'record', env: 'TSIWS_RECORD', defaultText: '(none)', help: 'Also record every case and decoded answer in this folder, as a baseline for --baseline', parse: path },
  { key: 'baseline', group: 'generation', commands: RUN, flag: 'baseline', env: 'TSIWS_BASELINE', defaultText: '(none)', help: 'Replay the cases recorded in this folder (by --record) and compare every answer with the recorded one', parse: path },
  { key: 'traffic', group: 'generation', commands: RUN, flag: 'traffic', env: 'TSIWS_TRAFFIC', defaultText: '(none)', help: 'Replay captured calls in their order instead of the suites: a HAR 1.2 file (browsers, Charles, Fiddler, mitmproxy, reports/failures.har) or a folder holding traffic.jsonl (proxy --capture DIR); see docs/traffic.md', parse: path },
  { key: 'trafficTransports', group: 'generation', commands: RUN, flag: 'traffic-transports', env: 'TSIWS_TRAFFIC_TRANSPORTS', help: 'With --traffic: send each call over the transport it was captured on (captured), or over all four (all), which adds the transport parity comparison', parse: oneOf(['captured', 'all'] as const, 'traffic-transports') },
  { key: 'resultSchemas', group: 'checks', commands: RUN, flag: 'result-schemas', env: 'TSIWS_RESULT_SCHEMAS', defaultText: '(none)', help: 'Folder of result schemas, <Operation>.xsd or <Operation>.schema.json (written by tsiws-conform shapes infer); check result-schema validates each result against its operation\'s', parse: directory },
  { key: 'headers', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'header', env: 'TSIWS_HEADERS', multiple: true, defaultText: '(none)', help: "Extra request header 'Name: value'; repeat the flag for more (TSIWS_HEADERS: one a line)", secret: true, parse: headers },
  { key: 'auth', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'auth', env: 'TSIWS_AUTH', defaultText: '(user:password in --base-url, if any)', help: 'HTTP Basic credentials user:password', secret: true, parse: basicAuth },
  { key: 'proxy', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'proxy', env: 'TSIWS_PROXY', defaultText: '(HTTPS_PROXY or HTTP_PROXY, by the target\'s scheme)', help: 'Proxy URL for the target (never for the embedded server)', secret: true, parse: proxyUrl },
  { key: 'noProxy', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'noproxy', env: 'TSIWS_NO_PROXY', defaultText: '(NO_PROXY)', help: 'Comma-separated hosts reached without the proxy', secret: true, parse: text },
  { key: 'caFile', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'ca-file', env: 'TSIWS_CA_FILE', defaultText: "(the system's CAs)", help: 'PEM file of CA certificates to trust for an https target', secret: true, parse: readableFile },
  { key: 'cert', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'cert', env: 'TSIWS_CERT', defaultText: '(none)', help: 'PEM client certificate for an https target (with --key)', secret: true, parse: readableFile },
  { key: 'key', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'key', env: 'TSIWS_KEY', defaultText: '(none)', help: 'PEM private key of --cert', secret: true, parse: readableFile },
  { key: 'stateful', group: 'target', commands: [...RUN, 'serve'], flag: 'stateful', env: 'TSIWS_STATEFUL', boolean: true, help: 'Without --base-url: the embedded server is the stateful reference implementation (a seeded store, in-band business errors, state that changes); with serve, serve that one', parse: bool },
  { key: 'stampResults', group: 'target', commands: [...RUN, 'serve'], flag: 'stamp-results', env: 'TSIWS_STAMP_RESULTS', boolean: true, help: 'With --stateful: every result also carries servedAt (the time it was made) and answerId (fresh per answer), a field that differs on every answer, to try noise learning (--reference-url, --record --repeat 2)', parse: bool },
  { key: 'failurePattern', group: 'checks', commands: [...RUN, 'shapes'], flag: 'failure-pattern', env: 'TSIWS_FAILURE_PATTERN', defaultText: '(learned from the target)', help: "Regular expression matching the target's in-band failure answers (HTTP 200 whose result text reports an error)", parse: regex },
  { key: 'searchBudget', group: 'generation', commands: RUN, flag: 'search-budget', env: 'TSIWS_SEARCH_BUDGET', help: 'Requests, in all, the search for values that succeed may send after discovery, for operations whose valid request the target answered with an in-band failure or a fault (a target with data; 0: no search)', parse: nonNegativeInt },
  { key: 'valuesFile', group: 'generation', commands: RUN, flag: 'values', env: 'TSIWS_VALUES', defaultText: '(none)', help: 'JSON file of known-good values per parameter, { "accountnumber": ["1001"], ... }, used by valid requests beside the values the run learns', parse: readableFile },
  { key: 'insecure', group: 'access', commands: [...RUN, 'diff-wsdl', 'proxy'], flag: 'insecure', env: 'TSIWS_INSECURE', boolean: true, help: "Accept any server certificate (self-signed test hosts only)", parse: bool },
  // The reference (issue 38): run only; replay re-sends one saved case to the target alone.
  { key: 'referenceUrl', group: 'target', commands: ['run'], flag: 'reference-url', env: 'TSIWS_REFERENCE_URL', defaultText: '(none)', help: 'A deployment you trust (scheme and host, as --base-url): every case sent to the target is sent to it too, and answers are compared field by field beyond the noise learned from its own answers. Without --base-url the embedded server is the candidate', parse: url },
  { key: 'referenceSecondaryUrl', group: 'target', commands: ['run'], flag: 'reference-secondary-url', env: 'TSIWS_REFERENCE_SECONDARY_URL', defaultText: '(none: the reference answers each case twice)', help: 'A second copy of the reference; it answers each case once, and what differs between the two references is noise', parse: url },
  { key: 'referenceHeaders', group: 'access', commands: ['run'], flag: 'reference-header', env: 'TSIWS_REFERENCE_HEADERS', multiple: true, defaultText: '(the --header values)', help: "Extra request header 'Name: value' for the reference; repeat the flag for more", secret: true, parse: headers },
  { key: 'referenceAuth', group: 'access', commands: ['run'], flag: 'reference-auth', env: 'TSIWS_REFERENCE_AUTH', defaultText: '(user:password in --reference-url, else --auth)', help: 'HTTP Basic credentials user:password for the reference', secret: true, parse: basicAuth },
  { key: 'referenceCaFile', group: 'access', commands: ['run'], flag: 'reference-ca-file', env: 'TSIWS_REFERENCE_CA_FILE', defaultText: '(--ca-file)', help: 'PEM file of CA certificates to trust for an https reference', secret: true, parse: readableFile },
  { key: 'referenceCert', group: 'access', commands: ['run'], flag: 'reference-cert', env: 'TSIWS_REFERENCE_CERT', defaultText: '(--cert)', help: 'PEM client certificate for an https reference (with --reference-key)', secret: true, parse: readableFile },
  { key: 'referenceKey', group: 'access', commands: ['run'], flag: 'reference-key', env: 'TSIWS_REFERENCE_KEY', defaultText: '(--key)', help: 'PEM private key of --reference-cert', secret: true, parse: readableFile },
  { key: 'referenceInsecure', group: 'access', commands: ['run'], flag: 'reference-insecure', env: 'TSIWS_REFERENCE_INSECURE', boolean: true, defaultText: '(--insecure)', help: 'Accept any certificate from the reference (self-signed test hosts only)', parse: bool },
] as const satisfies ReadonlyArray<Setting<keyof RunSettings> & { readonly group: SettingGroup }>;

/** The settings of the groups `G` (setting.ts, SETTING_GROUPS), as the table above assigns them: what
 * a function that needs only those takes. A RunSettings is one of each, so callers pass it whole. */
export type SettingsOf<G extends SettingGroup> = Pick<RunSettings, Extract<(typeof SETTINGS)[number], { readonly group: G }>['key']>;

export const DEFAULTS: RunSettings = {
  baseUrl: undefined,
  namespace: DEFAULT_NAMESPACE,
  transports: TRANSPORT_IDS,
  operations: operations.map((o) => o.name),
  reportsDir: resolve('reports'),
  repnumber: '1',
  timestamp: undefined,
  sig: undefined,
  mobilekey: undefined,
  signer: undefined,
  timeoutMs: 30_000,
  negativeTimeoutMs: 5_000,
  maxResponseBytes: 8 * 1024 * 1024,
  concurrency: 4,
  profile: 'asmx',
  checks: undefined,
  skipChecks: [],
  slaMs: undefined,
  authSecret: undefined,
  seed: 0, // replaced by a random seed in resolveSettings
  runs: DEFAULT_RUNS,
  maxStringLength: 2000,
  maxDurationS: undefined,
  echo: undefined,
  resultFormat: DEFAULT_RESULT_FORMAT,
  checksModule: undefined,
  normalise: [],
  normaliseFile: undefined,
  suites: SUITE_IDS,
  retries: 0,
  rate: undefined,
  allowMutations: false,
  showSecrets: false,
  record: undefined,
  baseline: undefined,
  traffic: undefined,
  trafficTransports: 'captured',
  resultSchemas: undefined,
  quiet: false,
  noCiSummary: false,
  exportAll: false,
  allure: undefined,
  format: 'text',
  repeat: 1,
  shard: undefined,
  workers: undefined,
  failOn: DEFAULT_FAIL_ON,
  waivers: [],
  wsi: 'off',
  headers: {},
  auth: undefined,
  proxy: undefined,
  noProxy: undefined,
  caFile: undefined,
  cert: undefined,
  key: undefined,
  insecure: false,
  stateful: false,
  stampResults: false,
  failurePattern: undefined,
  valuesFile: undefined,
  searchBudget: DEFAULT_SEARCH_BUDGET,
  referenceUrl: undefined,
  referenceSecondaryUrl: undefined,
  referenceHeaders: undefined,
  referenceAuth: undefined,
  referenceCaFile: undefined,
  referenceCert: undefined,
  referenceKey: undefined,
  referenceInsecure: undefined,
};

/** What a config file's sections change for one operation over one transport (run-case.ts): the
 * checks left out there beside --skip-checks, and the SLA (the operation's section over the
 * transport's over --sla-ms; a --sla-ms flag or variable was made to win over the sections in resolve.ts). */
export function scopedFor(settings: Pick<RunSettings, 'scoped' | 'slaMs'>, operation: string, transport?: string): { readonly skipChecks: readonly string[]; readonly slaMs: number | undefined } {
  const op = settings.scoped?.operations[operation];
  const tr = transport === undefined ? undefined : settings.scoped?.transports[transport];
  return { skipChecks: [...(op?.skipChecks ?? []), ...(tr?.skipChecks ?? [])], slaMs: op?.slaMs ?? tr?.slaMs ?? settings.slaMs };
}

/** The configuration as it may be shown: secrets replaced by the spec's placeholders or a marker. */
export function redactedSettings(settings: RunSettings): Record<string, unknown> {
  const placeholders: Partial<Record<keyof RunSettings, unknown>> = {
    timestamp: '<TIMESTAMP>', sig: '<SIGNATURE>', mobilekey: '<MOBILE_KEY>', signer: '<SIGNER>', authSecret: '<SECRET>',
    // Header names say what was sent; only their values are secret.
    headers: Object.fromEntries(Object.keys(settings.headers).map((name) => [name, '<REDACTED>'])),
    auth: '<USER>:<PASSWORD>', proxy: '<PROXY>', noProxy: '<NO_PROXY>', caFile: '<CA_FILE>', cert: '<CERT>', key: '<KEY>',
    referenceHeaders: Object.fromEntries(Object.keys(settings.referenceHeaders ?? {}).map((name) => [name, '<REDACTED>'])),
    referenceAuth: '<USER>:<PASSWORD>', referenceCaFile: '<CA_FILE>', referenceCert: '<CERT>', referenceKey: '<KEY>',
  };
  const out: Record<string, unknown> = {};
  for (const s of SETTINGS) {
    const value = settings[s.key];
    // No waivers, no entry: the configuration of a run without them reads as before.
    if (s.key === 'waivers' && settings.waivers.length === 0) continue;
    out[s.key] = 'secret' in s && s.secret && value !== undefined && !settings.showSecrets ? placeholders[s.key] : value;
  }
  // A config file's sections change what is judged: a report shows them as it shows --skip-checks.
  if (settings.scoped) out['scoped'] = settings.scoped;
  return out;
}
