/**
 * A WSDL read back into the contract table's text form (the `table` rows of
 * src/contract/operations.ts), for `tsiws-conform contract --from-wsdl`.
 *
 * A WSDL does not carry the operation class, so it is derived from the verb that ends the
 * operation name. Upload counts as create because the spec lists MobileDocumentUpload under
 * "Create" (Operation classes by shape).
 */
import type { OperationClass } from '../contract/index.js';
import { declaredOperations } from './diff.js';
import type { WsdlModel } from './model.js';
import { contractTypeOf, globalElement } from './reference.js';

const VERBS: ReadonlyArray<readonly [verb: string, cls: OperationClass]> = [
  ['Create', 'create'], ['Upload', 'create'], ['Update', 'update'], ['Delete', 'delete'], ['Search', 'search'],
];

export const CLASS_RULE = `${VERBS.map(([verb, cls]) => `${verb} -> ${cls}`).join(', ')}, otherwise list`;

export function classOf(operation: string): OperationClass {
  return VERBS.find(([verb]) => operation.endsWith(verb))?.[1] ?? 'list';
}

export interface ContractTable {
  /** Rows exactly as operations.ts writes them, e.g. `  ['MobileX', 'list', 'a:str repnumber:int'],`. */
  readonly rows: readonly string[];
  /** What could not be expressed in the table: an operation without a request sequence, or a
   * parameter type other than int, string, dateTime and boolean (written as the XSD type name). */
  readonly problems: readonly string[];
}

export function contractTable(model: WsdlModel): ContractTable {
  const rows: string[] = [];
  const problems: string[] = [];
  for (const name of declaredOperations(model)) {
    const sequence = globalElement(model, name, model.targetNamespace ?? '')?.sequence;
    if (!sequence) {
      problems.push(`${name}: no request element with a sequence of parameters; row left out`);
      continue;
    }
    const params = sequence.map((p) => {
      const type = contractTypeOf(p.type);
      if (!type) problems.push(`${name}: parameter ${p.name} has type ${p.type ?? '(none)'}, which the contract cannot express (int, str, dt, bool)`);
      return `${p.name}:${type ?? p.type ?? '?'}`;
    });
    rows.push(`  ['${name}', '${classOf(name)}', '${params.join(' ')}'],`);
  }
  return { rows, problems };
}
