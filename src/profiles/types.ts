/** What a conforming target must answer to a negative case, as plain data (it crosses from the
 * vitest workers into reports). Regular expressions are kept as source strings. */
import type { FaultClass } from '../transports/dialects.js';

export type ResponseShape =
  /** A SOAP fault in the request's SOAP version (or, with `dialect`, in that version). */
  | { readonly body: 'soap-fault'; readonly status: readonly number[]; readonly faultClass?: FaultClass; readonly faultCode?: string; readonly reason?: string; readonly dialect?: '1.1' | '1.2' }
  | { readonly body: 'empty'; readonly status: readonly number[] }
  | { readonly body: 'plain-text'; readonly status: readonly number[]; readonly message?: string }
  /** The input is tolerated: a normal result is acceptable. */
  | { readonly body: 'success'; readonly dialect?: '1.1' | '1.2' }
  /** Any well-formed fault or any non-2xx status. */
  | { readonly body: 'any-rejection' };

export interface Expectation {
  /** One line a reader understands, e.g. "HTTP 500 SOAP fault soap:Client". */
  readonly summary: string;
  /** Where the expectation comes from. */
  readonly evidence: string;
  readonly accept: readonly ResponseShape[];
}

export type { ProfileId } from '../contract/vocabulary.js';
import type { ProfileId } from '../contract/vocabulary.js';

export interface Profile {
  readonly id: ProfileId;
  readonly description: string;
  /** HTTP statuses a SOAP fault may come with. */
  readonly faultStatuses: readonly number[];
  /** Whether differences between transports that ASMX itself shows are inherent (not failing). */
  readonly inherentParity: boolean;
  /** Whether a host's own refusal (request validation, query length) is recognised as inherent
   * ASMX behaviour (src/profiles/host-rejection.ts) rather than judged as the service's answer. */
  readonly hostRejections: boolean;
}
