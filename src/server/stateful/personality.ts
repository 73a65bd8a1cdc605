/**
 * Personalities of the stateful reference implementation (issue 49): the knobs a spec-conforming
 * vendor may turn where the spec is silent ("The signature algorithm ... not shown", no result
 * format, no error convention, no semantics). Each is plain data the service applies; `reference`
 * is today's behaviour, byte for byte. The tool must never name one (test/server/stateful/
 * personality-boundary.test.ts): it has to learn a target's habits, and these are how we try that
 * on targets built differently from the one it grew up beside.
 */
import type { ResultFormat } from '../../results/result-format.js';

export type PersonalityFormat =
  /** The server's --result-format: {"ok":true,...} JSON, or <Result><ok>true</ok>... (outcome.ts). */
  | 'reference'
  /** <Response><Status>OK</Status><Records><Record><AccountNumber>... (render.ts). */
  | 'xml-pascal'
  /** result=ok;count=2 then one name=value;... record a line (render.ts). */
  | 'pairs';

/** The format a result text is written in: the reference's two, or a personality's own. */
export type WrittenFormat = ResultFormat | 'xml-pascal' | 'pairs';

/** How a business error (and an authentication failure) reaches the caller. */
export type ErrorStyle =
  /** In the result text, HTTP 200 (as today). */
  | 'in-band'
  /** Thrown as a SoapException: a soap:Client / Sender fault with HTTP 500, over GET/POST HTTP 500
   * text/plain "System.Web.Services.Protocols.SoapException: message" (behaviour.ts, BusinessFault). */
  | 'fault';

/** How a text search filter matches (every search and list with a text filter). */
export type TextMatch = 'contains' | 'exact' | 'prefix';

/** Where a service order's rep assignments are listed (all under MobileTasksList records). */
export type AssignmentView =
  /** assignedreps: [{reptodelete, sonumber}] (as today). */
  | 'task-records'
  /** assignedreps: [{repnumber, repname}]: the rep's own number, the service order is the task's. */
  | 'task-reps'
  /** assignedrepnumbers: "101,104,107": a comma-separated text field. */
  | 'task-csv';

/** How MobileContactSearch shows a contact's e-mails. */
export type EmailView =
  /** emails: [{emailid, email, primary}] (as today). */
  | 'nested'
  /** emailid and email of the primary address only, as flat fields; others are not shown. */
  | 'primary-only';

/** What MobileTimeLogList's sologkeyid filter means. */
export type TimeLogKey =
  /** The one log with that id (as today). */
  | 'exact'
  /** A paging cursor: the logs after that id (a created log is found by its sonumber). */
  | 'after';

/** Id ranges: entity kind k (accounts 0, contacts 1, e-mails 2, opportunities 3, tasks 4, service
 * orders 5, time logs 6, parts used 7, documents 8, assets 10) starts at base + k * stride. */
export interface IdScheme {
  readonly base: number;
  /** 0: every table counts from `base` (SQL identities), so ids of different kinds overlap. */
  readonly stride: number;
  readonly opportunityPrefix: string;
}

export interface Strictness {
  /** email of the e-mail create and update must look like an address: "invalid e-mail address: X". */
  readonly email: boolean;
  /** MobileDispatchUpdate's status must be in this range: "invalid status -3". */
  readonly statusRange?: readonly [number, number];
  /** nextfile of MobileDocumentUpload is a text flag (true/false/1/0/yes/no, empty is false). */
  readonly textFlags: boolean;
  /** base64string must be canonical base64: no white space, not empty. */
  readonly base64: boolean;
  /** filename must end in one of these extensions (any case). */
  readonly fileExtensions?: readonly string[];
  /** Text parameters longer than this are an in-band failure (the columns' size). */
  readonly textLimit: number;
}

export interface Personality {
  readonly name: string;
  readonly description: string;
  readonly format: PersonalityFormat;
  readonly errors: ErrorStyle;
  readonly strict: Strictness;
  readonly ids: IdScheme;
  readonly match: TextMatch;
  readonly assignments: AssignmentView;
  readonly emails: EmailView;
  readonly timeLogKey: TimeLogKey;
  /** Per operation, parameters of which at least one must be given (not empty, not 0). */
  readonly requiredFilters: Readonly<Record<string, readonly string[]>>;
  /** What a create's accountnumber must be beside the record it hangs under; absent: 'lenient'. */
  readonly owners?: OwnerRule;
  /** With owners 'own': the share (0..1) of service orders, the oldest, closed to new time logs
   * ("service order 6 is closed"); absent: none. */
  readonly closedOrders?: number;
  /** Absent: the seeded store (seed.ts). A number: that store reshaped by it (reseed.ts), so a run
   * meets a store it has never seen: some accounts left out with all that hangs under them, every
   * id drawn at random. `NAME:SEED` (findPersonality) gives a personality that has one another seed. */
  readonly storeSeed?: number;
}

/** The account a time log's or an e-mail's create names, beside its service order or contact. */
export type OwnerRule =
  /** 0 takes the service order's account, any other must exist; an e-mail's must be 0 or its
   * contact's (operations.ts, as today). */
  | 'lenient'
  /** The service order's or the contact's own account, nothing else, 0 refused (owners.ts):
   * "service order 6 belongs to account 45, not 12", quoting the values as a vendor does. */
  | 'own';

export const SEEDED_IDS: IdScheme = { base: 1001, stride: 1000, opportunityPrefix: 'OPP-' };
const LAX: Strictness = { email: false, textFlags: false, base64: false, textLimit: 4000 };
const FILE_TYPES = ['pdf', 'jpg', 'jpeg', 'png', 'txt', 'docx'];

export const REFERENCE: Personality = {
  name: 'reference', description: "today's reference: JSON (or --result-format xml), errors in-band, lax, ids 1001.. per kind, contains-match",
  format: 'reference', errors: 'in-band', strict: LAX, ids: SEEDED_IDS, match: 'contains', assignments: 'task-records', emails: 'nested', timeLogKey: 'exact', requiredFilters: {},
};

export const PERSONALITIES: readonly Personality[] = [
  REFERENCE,
  {
    name: 'vendor-xml-strict', description: 'XML in PascalCase with Status/ErrorCode/Message, errors in-band, strict values, ids from 500000, reps listed by repnumber',
    format: 'xml-pascal', errors: 'in-band',
    strict: { email: true, statusRange: [0, 9], textFlags: true, base64: true, fileExtensions: FILE_TYPES, textLimit: 4000 },
    ids: { base: 500001, stride: 10000, opportunityPrefix: 'OP' }, match: 'contains', assignments: 'task-reps', emails: 'nested', timeLogKey: 'exact',
    requiredFilters: { MobileTimeLogList: ['sonumber', 'sologkeyid'], MobilePartsUsedList: ['sonumber'] },
  },
  {
    name: 'vendor-faults', description: 'JSON results, every business error a SoapException fault (HTTP 500), ids from 1 in every table, time logs paged by sologkeyid',
    format: 'reference', errors: 'fault',
    strict: { email: true, statusRange: [1, 5], textFlags: false, base64: true, textLimit: 2000 },
    ids: { base: 1, stride: 0, opportunityPrefix: 'O-' }, match: 'contains', assignments: 'task-records', emails: 'primary-only', timeLogKey: 'after',
    requiredFilters: { MobileTimeLogList: ['sonumber', 'sologkeyid'] },
  },
  {
    name: 'vendor-pairs', description: 'name=value text a record a line, errors in-band as result=error, prefix-match searches, 7-digit ids, reps as a comma list',
    format: 'pairs', errors: 'in-band',
    strict: { email: false, textFlags: true, base64: false, fileExtensions: FILE_TYPES, textLimit: 1000 },
    ids: { base: 1000001, stride: 100000, opportunityPrefix: 'OPP' }, match: 'prefix', assignments: 'task-csv', emails: 'nested', timeLogKey: 'exact',
    requiredFilters: { MobilePartsUsedList: ['sonumber'] },
  },
  {
    name: 'vendor-exact', description: 'JSON results, errors in-band, exact-match searches, ids from 70000, primary e-mail only, strict e-mail and status',
    format: 'reference', errors: 'in-band',
    strict: { email: true, statusRange: [0, 9], textFlags: false, base64: false, textLimit: 4000 },
    ids: { base: 70001, stride: 1000, opportunityPrefix: 'OPP-' }, match: 'exact', assignments: 'task-reps', emails: 'primary-only', timeLogKey: 'after',
    requiredFilters: { MobileTimeLogList: ['sonumber', 'sologkeyid'], MobilePartsUsedList: ['sonumber'] },
  },
  {
    name: 'vendor-linked', description: "JSON results, errors in-band, creates need their parent's own account, a reshaped store with small random ids (vendor-linked:SEED another)",
    format: 'reference', errors: 'in-band',
    strict: { email: true, textFlags: false, base64: false, textLimit: 4000 },
    ids: { base: 1, stride: 0, opportunityPrefix: 'OPP' }, match: 'contains', assignments: 'task-records', emails: 'nested', timeLogKey: 'exact',
    requiredFilters: { MobileTimeLogList: ['sonumber', 'sologkeyid'], MobileTasksList: ['taskkeyid', 'accountnumber', 'contactnumber'] },
    owners: 'own', closedOrders: 0.4, storeSeed: 59,
  },
];

/** mulberry32: a small seeded PRNG, the same draws for a seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REQUIRABLE: ReadonlyArray<readonly [string, readonly string[]]> = [['MobileTimeLogList', ['sonumber', 'sologkeyid']], ['MobilePartsUsedList', ['sonumber']]];

/** Every knob drawn from `seed`: the same personality for the same seed. */
export function randomPersonality(seed: number): Personality {
  const next = prng(seed);
  const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)]!;
  const coin = () => next() < 0.5;
  return {
    name: `random:${seed}`, description: `every knob drawn from seed ${seed}`,
    format: pick(['reference', 'xml-pascal', 'pairs'] as const), errors: pick(['in-band', 'fault'] as const),
    strict: {
      email: coin(), ...(coin() ? { statusRange: pick([[0, 9], [1, 5], [0, 99]] as const) } : {}), textFlags: coin(), base64: coin(),
      ...(coin() ? { fileExtensions: FILE_TYPES } : {}), textLimit: pick([1000, 2000, 4000]),
    },
    ids: { base: pick([1, 1001, 70001, 500001, 1000001]), stride: pick([0, 1000, 100000]), opportunityPrefix: pick(['OPP-', 'OP', 'O-', '']) },
    match: pick(['contains', 'exact', 'prefix'] as const), assignments: pick(['task-records', 'task-reps', 'task-csv'] as const),
    emails: pick(['nested', 'primary-only'] as const), timeLogKey: pick(['exact', 'after'] as const),
    requiredFilters: Object.fromEntries(REQUIRABLE.filter(() => coin())),
  };
}

const RANDOM = /^random:(-?\d+)$/;
const RESEEDED = /^([a-z-]+):(-?\d+)$/;

/** The personality a name gives (a named one, random:SEED, or NAME:SEED for a named one with a
 * store seed: its store reshaped by SEED); undefined for an unknown name. */
export function findPersonality(name: string): Personality | undefined {
  const random = RANDOM.exec(name.trim());
  if (random) return randomPersonality(Number(random[1]));
  const reseeded = RESEEDED.exec(name.trim());
  const named = PERSONALITIES.find((p) => p.name === (reseeded ? reseeded[1] : name.trim()));
  if (!reseeded || !named) return named;
  return named.storeSeed === undefined ? undefined : { ...named, name: name.trim(), storeSeed: Number(reseeded[2]) };
}

export const personalityNames = (): string[] => PERSONALITIES.map((p) => p.name);
