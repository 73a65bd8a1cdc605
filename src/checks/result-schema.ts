/** `--result-schemas`: the result text has the shape the user declared for its operation. */
import { decodedOf } from './observe.js';
import { fail, pass, skip, type Check } from './types.js';

/** Violations quoted in a finding: the first few say what is wrong; the rest are counted. */
const SHOWN = 3;

export const resultSchema: Check = {
  id: 'result-schema',
  description: "The result text validates against the operation's schema in --result-schemas (<Op>.xsd or <Op>.schema.json)",
  enforces: 'the payload schema the user declared (docs/regression.md, Result schemas and shapes); the contract itself types every result as s:string',
  scope: 'exchange',
  level: 'error',
  levelReason: 'the user declared it: the schema given for the operation in --result-schemas',
  applies: (ex) => ex.kind === 'positive' && ex.hostRejection === undefined && ex.resultSchema !== undefined,
  appliesText: 'valid requests, all transports, for operations with a schema in --result-schemas',
  run(ex) {
    const decoded = decodedOf(ex);
    if (decoded.kind !== 'result') return skip('no result to validate (the other checks report why)');
    const schema = ex.resultSchema!;
    if (decoded.text === null) return fail(`the result is nil, not ${schema.format === 'xml' ? 'an XML' : 'a JSON'} document as ${schema.file} declares`);
    const violations = schema.validate(decoded.text);
    if (violations.length === 0) return pass;
    const more = violations.length > SHOWN ? `; and ${violations.length - SHOWN} more` : '';
    return fail(`${violations.length} violation${violations.length === 1 ? '' : 's'} of ${schema.file}: ${violations.slice(0, SHOWN).join('; ')}${more}`);
  },
};
