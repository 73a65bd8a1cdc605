/**
 * The floor order of src/, lowest first: a room may import at run time only from rooms on a lower
 * floor (type-only imports are free for the order, but not for cycles; see folder-cycles.ts).
 * `npm run lint:layers` and test/layers/folder-cycles.test.ts hold the code to it;
 * docs/architecture.md shows it. A room is a folder, or a subfolder listed here by its path
 * ('engine/learn'): a file is in the longest entry its path under src/ starts with. A new room
 * gets a floor here, above everything it loads.
 */
export const FLOORS = [
  'contract', // the 20 operations as data
  'xml', // the XML builder
  'config', // settings: flags, environment, .env (a leaf over the contract)
  'decode', // envelope and bare-XML decoding
  'transports', // the four codecs
  'asmx', // what an ASMX runtime does with values
  'http', // sending: the only network code
  'runtime', // process housekeeping: heap keeper, garbage
  'results', // the ground floor of a record: ExchangeRecord and the plain data it is built from
  'state', // values learned from the target's answers
  'shapes', // result shapes: learning, drift, schemas
  'profiles', // what a conforming target answers, per profile
  'wsdl', // the reconstructed WSDL, fetching and diffing a target's
  'cases', // examples, negative scenarios, arbitraries
  'parity', // comparing one case across transports
  'regression', // baselines, comparing and merging runs' reports
  'traffic', // captured traffic: its format (HAR 1.2 entries, traffic.jsonl), reader and writer
  'checks', // one file per check, the registry
  'diagnoses', // root causes explaining a run's findings (read records and findings, above checks)
  'server', // the reference server and its mutants
  'engine/send', // one plain exchange with the target: signing, sending, reachability, the embedded target
  'engine/reference', // the trusted reference deployment: its clients, asking it, judging fuzz samples by it
  'engine/learn', // learning from the target: discovery, the value search, pools, instances, anchors, probes
  'engine/exchange', // one case to one record per transport, and the parity record of a unit
  'engine/fuzz', // fast-check properties over the learned values, constraints, the character ladder
  'engine/sequences', // learned sequences: create, read back, update, delete, on every transport
  'engine/replay', // cases made again from a baseline (--baseline) or captured traffic (--traffic)
  'engine/run', // the run itself: vitest and its workers, lanes, the plan, the collector, the ?WSDL
  'proxy', // the reverse proxy of real clients' traffic: forwarding, judging an observed exchange (beside the engine: the second source of records)
  'report/digest', // what every report is made from: the run digest, its tallies, the testcases, the shared texts
  'report/formats', // our own files: results.json, parity.json, regression.json, the certificate, the console, CI summaries
  'report/foreign', // the foreign tools' files: JUnit, Allure, Postman, HAR
  'report/html', // report.html
  'report', // writing every report of a run (write.ts)
  'session', // one run, end to end: runAndReport
  'cli', // the commands
  'bench', // npm run bench
] as const;
