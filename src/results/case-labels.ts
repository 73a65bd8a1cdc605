/** The names a record labels its case with: the negative scenario it belongs to (src/cases/negative.ts)
 * and the classes of the values it sent (src/cases/value-classes.ts). Here, below both, so a record
 * is built from plain data only. */
export type ScenarioId =
  | 'int-non-numeric' | 'int-out-of-range' | 'int-empty' | 'dt-invalid' | 'bool-invalid'
  | 'missing-parameter' | 'unknown-soapaction' | 'soap12-envelope-as-soap11' | 'soap11-envelope-as-soap12'
  | 'malformed-xml' | 'unknown-operation-path'
  | 'auth-corrupted-sig' | 'auth-stale-timestamp' | 'auth-missing-mobilekey' | 'auth-wrong-mobilekey'
  | 'int-asmx-only' | 'dt-asmx-only' | 'bool-asmx-only'
;

/** The classes of a value sent (src/cases/value-classes.ts says which apply). */
export type ValueClass = 'typical' | 'boundary' | 'empty' | 'whitespace' | 'markup-like' | 'non-ascii' | 'long' | 'invalid';
