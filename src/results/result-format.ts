/**
 * How the reference server writes an operation's result text (the `<Operation>Result` string): JSON
 * text (the default), or an XML document in text, the way the live Tigerpaw service types its results.
 * The echo check reads the same format (src/asmx/echo-payload.ts).
 */
export const RESULT_FORMATS = ['json', 'xml'] as const;
export type ResultFormat = (typeof RESULT_FORMATS)[number];
export const DEFAULT_RESULT_FORMAT: ResultFormat = 'json';
