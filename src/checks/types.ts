/** What a check sees and what it says. Checks report findings; they never throw for a target's defect. */
import type { Operation } from '../contract/index.js';
import type { HttpRequest, HttpResponse, Transport } from '../transports/index.js';

/** One request sent over one transport and the response it got. */
export interface Exchange {
  readonly operation: Operation;
  readonly transport: Transport;
  readonly namespace: string;
  readonly request: HttpRequest;
  readonly response: HttpResponse;
}

export type Verdict =
  | { readonly status: 'passed' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'skipped'; readonly message: string };

export interface Check {
  /** Stable id, used in reports and with --checks / --skip-checks. */
  readonly id: string;
  readonly description: string;
  /** The spec line or standard the check enforces. */
  readonly enforces: string;
  readonly scope: 'exchange';
  readonly severity: 'error' | 'warning';
  /** Transports the check applies to; others are not evaluated (nor reported). Default: all. */
  readonly appliesTo?: (transport: Transport) => boolean;
  run(exchange: Exchange): Verdict;
}

export const pass: Verdict = Object.freeze({ status: 'passed' });
export const fail = (message: string): Verdict => ({ status: 'failed', message });
export const skip = (message: string): Verdict => ({ status: 'skipped', message });

/** The verdict a check gives when it does not apply to a transport. */
export const notApplicable = (exchange: Exchange): Verdict => skip(`not applicable to ${exchange.transport.label}`);

export const soapOnly = (t: Transport): boolean => t.dialect !== undefined;
export const httpOnly = (t: Transport): boolean => t.dialect === undefined;
