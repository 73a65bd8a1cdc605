/** A vendor's result formats around the stateful reference (issue 49), for tests: the same store and
 * rules, answered as XML in PascalCase (`<Response><Status>OK</Status><Records>...`, business errors
 * `<Response><Status>Error</Status><ErrorCode>404</ErrorCode><Message>...</Message></Response>`), or
 * with business errors thrown as exceptions (ASMX: a SoapException fault, text/plain 500 over GET
 * and POST). The stateful implementation itself is left as it is. */
import { BusinessFault, type Service } from '../../src/server/behaviour.js';
import { createStatefulService } from '../../src/server/stateful/service.js';
import type { Rec } from '../../src/server/stateful/outcome.js';
import { buildXml } from '../../src/xml/build.js';

export interface VendorOptions {
  readonly authSecret?: string;
  /** Business errors as exceptions (faults), not in-band. */
  readonly faults?: boolean;
  /** MobileContactEmailDelete answers OK for an emailid that does not exist (the stateful mutant
   * stateful-delete-unknown-succeeds, in this format). */
  readonly deleteUnknownSucceeds?: boolean;
}

const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
const records = (list: readonly Rec[]): unknown => (list.length === 0 ? '' : { Record: list.map(record) });
const record = (rec: Rec): Record<string, unknown> => Object.fromEntries(Object.entries(rec).map(([k, v]) => [pascal(k), Array.isArray(v) ? records(v) : String(v)]));
const xml = (body: Record<string, unknown>): string => buildXml({ Response: body }, 'request');

export function pascalXmlService(options: VendorOptions = {}): Service {
  const inner = createStatefulService({ resultFormat: 'json', ...(options.authSecret ? { authSecret: options.authSecret } : {}) });
  return {
    answer(op, typed, raw, transport) {
      const outcome = JSON.parse(inner.answer(op, typed, raw, transport)) as { ok: boolean; error?: string; records?: Rec[]; id?: number };
      if (!outcome.ok) {
        // As the stateful mutant: the signature is still checked first.
        if (options.deleteUnknownSucceeds && op.name === 'MobileContactEmailDelete' && !outcome.error!.startsWith('Authentication failed')) return xml({ Status: 'OK' });
        // Thrown as a SoapException: ASMX writes it unwrapped (behaviour.ts, BusinessFault).
        if (options.faults) throw new BusinessFault(outcome.error!);
        return xml({ Status: 'Error', ErrorCode: outcome.error!.startsWith('Authentication') ? '401' : '404', Message: outcome.error });
      }
      return xml({ Status: 'OK', ...(outcome.records ? { Records: records(outcome.records) } : {}), ...(outcome.id !== undefined ? { Id: String(outcome.id) } : {}) });
    },
  };
}
