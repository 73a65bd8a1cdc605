/**
 * The aspects a WSDL comparison looks at, one JUnit testcase each: the service-wide ones, then per
 * operation its declaration, request parameters, result element and its operation in each of the
 * four bindings. Every drift belongs to exactly one aspect.
 */
import { operations } from '../contract/index.js';
import { getTransportById, TRANSPORT_IDS } from '../transports/index.js';
import type { Drift } from './drift.js';

export interface AspectResult {
  readonly aspect: string;
  readonly status: 'passed' | 'failed' | 'skipped';
  /** Why a skipped aspect was not compared. */
  readonly reason?: string;
  readonly drifts: readonly Drift[];
}

const label = (d: Drift) => (d.protocol ? getTransportById(d.protocol).label : 'unknown protocol');

export const READABLE = 'WSDL readable';

export function aspectOf(d: Drift): string {
  switch (d.kind) {
    case 'wsdl-unreadable': return READABLE;
    case 'namespace': return 'target namespace';
    case 'element-form': return 'schema elementFormDefault';
    case 'operation-extra': return 'operation set';
    case 'binding-missing': return `${label(d)} binding`;
    case 'port-missing': return `${label(d)} port`;
    case 'operation-missing': return `${d.operation}: declared`;
    case 'result-element': return `${d.operation}: result element`;
    case 'address-path': return d.operation ? `${d.operation}: ${label(d)}` : `${label(d)} port`;
    case 'binding-operation-missing':
    case 'soap-action':
    case 'http-parameters': return `${d.operation}: ${label(d)}`;
    default: return `${d.operation}: request parameters`;
  }
}

/** Every aspect with its drifts. A WSDL that could not be read has only the first aspect; the
 * aspects of a missing operation, or of a missing binding's operations, are skipped. */
export function aspectResults(drifts: readonly Drift[]): AspectResult[] {
  const service = [READABLE, 'target namespace', 'schema elementFormDefault', 'operation set',
    ...TRANSPORT_IDS.flatMap((p) => [`${getTransportById(p).label} binding`, `${getTransportById(p).label} port`])];
  const unreadable = drifts.some((d) => d.kind === 'wsdl-unreadable');
  const missingOps = new Set(drifts.filter((d) => d.kind === 'operation-missing').map((d) => d.operation));
  const missingBindings = new Set(drifts.filter((d) => d.kind === 'binding-missing').map((d) => d.protocol));
  const results: AspectResult[] = [];
  const add = (aspect: string, skipReason?: string) => {
    const own = drifts.filter((d) => aspectOf(d) === aspect);
    if (skipReason && own.length === 0) results.push({ aspect, status: 'skipped', reason: skipReason, drifts: [] });
    else results.push({ aspect, status: own.length > 0 ? 'failed' : 'passed', drifts: own });
  };
  for (const aspect of unreadable ? [READABLE] : service) add(aspect);
  if (unreadable) return results;
  for (const op of operations) {
    add(`${op.name}: declared`);
    const opMissing = missingOps.has(op.name) ? `${op.name} is missing` : undefined;
    add(`${op.name}: request parameters`, opMissing);
    add(`${op.name}: result element`, opMissing);
    for (const p of TRANSPORT_IDS) {
      const label = getTransportById(p).label;
      add(`${op.name}: ${label}`, opMissing ?? (missingBindings.has(p) ? `no ${label} binding` : undefined));
    }
  }
  return results;
}
