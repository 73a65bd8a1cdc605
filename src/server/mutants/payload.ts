/**
 * Mutants in the shape of the result payload alone (the `<Operation>Result` text), with the
 * envelope, status and headers untouched: a release that renamed a field, started writing numbers
 * as strings, or dropped an element. The spec does not show the payload's structure, so what
 * catches these in general is a result schema (inferred from a clean run or a baseline); against
 * the reference echo, echo-matches catches them as well. A name ending `-xml` answers in the xml
 * result format (resultFormat), whatever the server was started with.
 */
import type { EchoDocument } from '../../asmx/echo-payload.js';
import { XML_ROOT } from '../../asmx/echo-payload.js';
import type { Mutant } from './types.js';

const asRecord = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

/** Replaces one key by another, keeping its place among the others (a rename, not a move). */
function renameKey(doc: EchoDocument, from: string, to: string): EchoDocument {
  return Object.fromEntries(Object.entries(doc).map(([key, value]) => [key === from ? to : key, value]));
}

export const PAYLOAD_MUTANTS: readonly Mutant[] = [
  {
    name: 'payload-renamed-field',
    description: 'the JSON result names its "operation" field "operationName" (a renamed field; values unchanged)',
    caughtBy: ['echo-matches', 'result-schema', 'matches-baseline'],
    resultFormat: 'json',
    reshapeResult: (doc) => renameKey(doc, 'operation', 'operationName'),
  },
  {
    name: 'payload-number-as-string',
    description: 'the JSON result writes int values as strings ("7" instead of 7)',
    caughtBy: ['echo-matches', 'result-schema', 'matches-baseline'],
    resultFormat: 'json',
    reshapeResult: (doc) => ({
      ...doc,
      received: Object.fromEntries(Object.entries(asRecord(doc['received'])).map(([name, value]) => [name, typeof value === 'number' ? String(value) : value])),
    }),
  },
  {
    name: 'payload-missing-element-xml',
    description: 'the XML result leaves out its <operation> element (the rest of the document unchanged)',
    caughtBy: ['echo-matches', 'result-schema', 'matches-baseline'],
    resultFormat: 'xml',
    reshapeResult: (doc) => {
      const { operation: _dropped, ...rest } = asRecord(doc[XML_ROOT]);
      return { ...doc, [XML_ROOT]: rest };
    },
  },
];
