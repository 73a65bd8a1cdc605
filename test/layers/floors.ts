/**
 * The floor order of src/, lowest first: a folder may import at run time only from folders on a
 * lower floor (type-only imports are free; see folder-cycles.ts). `npm run lint:layers` and
 * test/layers/folder-cycles.test.ts hold the code to it; docs/architecture.md shows it.
 * A new folder gets a floor here, above everything it loads.
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
  'engine', // running cases through transports and checks
  'proxy', // the reverse proxy of real clients' traffic: forwarding, judging an observed exchange (beside the engine: the second source of records)
  'report', // formatters from records to files
  'session', // one run, end to end: runAndReport
  'cli', // the commands
  'bench', // npm run bench
] as const;
