/**
 * The plain data of one exchange seen by the proxy (issue 53), and the client judgement it takes as
 * a parameter: the proxy forwards and records; what a client's request means, and whether it
 * conforms, is judged elsewhere (the client checks) and handed in as a function.
 */
import type { TransportId } from '../contract/vocabulary.js';
import type { TargetError } from '../http/errors.js';
import type { CheckOutcome } from '../results/check-outcome.js';
import type { HttpResponse, WireValues } from '../transports/types.js';
import type { ObservedRequest } from '../transports/observed.js';

/** What the client checks made of a request: the call it makes, when it is one the contract knows,
 * and their outcomes (failed ones at least; `level` on each failed one). */
export interface ClientJudgement {
  readonly call?: { readonly transport: TransportId; readonly operation: string; readonly values: WireValues };
  readonly findings: readonly CheckOutcome[];
}

/** The client judgement, injected: the proxy's core never decodes a request itself. */
export type JudgeClient = (request: ObservedRequest) => ClientJudgement;

/** `judge`'s judgement of `request`; a judge that throws is a defect of this tool, said as a
 * crashed check is (status error), never as the client's. */
export function judgedBy(judge: JudgeClient, request: ObservedRequest): ClientJudgement {
  try {
    return judge(request);
  } catch (err) {
    return { findings: [{ id: 'client-judgement', status: 'error', message: `the client judgement crashed: ${(err as Error).stack ?? String(err)}` }] };
  }
}

/** The answer as the target gave it (its own bytes, before any WSDL address was rewritten). */
export interface TargetAnswer extends HttpResponse {
  readonly statusMessage: string;
  /** The body was larger than the judged copy may be (--max-response-bytes): `body` is its start. */
  readonly cut?: true;
  /** With `cut`: the body's bytes the target sent in all (passed on, or read after the client left). */
  readonly received?: number;
}

/** One exchange as it passed through the proxy. */
export interface ForwardedExchange {
  readonly request: ObservedRequest;
  /** When the request had arrived whole (epoch ms). */
  readonly startedAt: number;
  readonly answer?: TargetAnswer;
  /** What kept the target from answering (the client got a 502), or cut its answer short. */
  readonly error?: TargetError;
  /** The client judgement, when it was made before answering (--violations-header). */
  readonly client?: ClientJudgement;
  /** The ?WSDL answer's addresses were rewritten to name the proxy. */
  readonly rewritten?: true;
  /** The proxy ended the exchange before the target's answer was whole (stopping after its grace):
   * not the target's doing, so no finding about it. */
  readonly cutBy?: 'proxy';
  /** The client closed its connection before the answer was whole. The target's answer was still
   * read to its end or a limit (--timeout-ms), and is judged: the target's faults stay its own. */
  readonly clientLeft?: true;
}
