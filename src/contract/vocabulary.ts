/**
 * The small fixed vocabularies that every layer names, kept here (the bottom layer) so that the
 * configuration can validate against them without importing the layers that implement them:
 * the four transports of the spec's Transports table, the levels a finding is graded at, the
 * profiles a run judges invalid input by, and HTTP Basic credentials.
 */

/** The spec's four transports, in its table order (src/transports implements one codec each). */
export const TRANSPORT_IDS = ['soap11', 'soap12', 'get', 'post'] as const;
export type TransportId = (typeof TRANSPORT_IDS)[number];

/** Levels of a finding, highest first (src/results/levels.ts says what each means). */
export const LEVELS = ['error', 'warning', 'info'] as const;
export type Level = (typeof LEVELS)[number];

/** The lowest level that fails a run: `--fail-on` / TSIWS_FAIL_ON. */
export const FAIL_ON = ['error', 'warning'] as const;
export type FailOn = (typeof FAIL_ON)[number];
export const DEFAULT_FAIL_ON: FailOn = 'error';

/** The WS-I profile a run holds the target to (`--wsi` / TSIWS_WSI, issue 51): off grades a failed
 * assertion a warning unless the target claims the profile; bp11 holds Basic Profile 1.1 as an error. */
export const WSI_PROFILES = ['off', 'bp11'] as const;
export type WsiProfile = (typeof WSI_PROFILES)[number];

/** What invalid input must be answered with (src/profiles implements one object each). */
export const PROFILE_IDS = ['asmx', 'lenient', 'strict'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** How the reference server writes an operation's result text (the `<Operation>Result` string): JSON
 * text (the default), or an XML document in text, the way the live Tigerpaw service types its
 * results (src/results/result-format.ts; the echo is written and read in src/asmx/echo-payload.ts). */
export const RESULT_FORMATS = ['json', 'xml'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];
export const DEFAULT_RESULT_FORMAT: ResultFormat = 'json';

/** HTTP Basic credentials (--auth, or user:password in --base-url); src/http sends them. */
export interface BasicAuth {
  readonly user: string;
  readonly password: string;
}
