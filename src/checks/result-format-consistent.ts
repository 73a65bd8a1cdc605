/**
 * A target's result texts are in one format. The spec shows none ("The structure of that text: not
 * shown"), but the discovery step learns the one its successful answers are in (JSON, XML or
 * name=value text; the
 * stateful reference implementation's and any real service's), and an answer in another one, say
 * a business error written by hand as "Error: ..." beside JSON results, is evidence of a defect a
 * client parsing the results would trip over. Evidence, not the contract: a warning.
 */
import { clip } from '../results/clip.js';
import { parseResult } from '../shapes/shape.js';
import { isPairsText } from '../state/learn.js';
import { decodedOf } from './observe.js';
import { fail, pass, scope, type Check } from './types.js';

export const resultFormatConsistent: Check = {
  id: 'result-format-consistent',
  description: "A result text is in the format of the target's other results (JSON, XML or name=value text, as the run learned from its answers)",
  enforces: 'spec, Response shapes: "Every operation returns a single text result"; its structure is not shown, so another format is evidence, not a breach',
  scope: 'exchange',
  level: 'warning',
  levelReason: 'the spec: "The structure of that text: not shown"; the format is learned from the target itself',
  appliesText: 'valid requests answered with a result, against a target whose result format the run learned',
  applies: (ex) => scope.positive.applies(ex) && ex.learnedFormat !== undefined,
  run(ex) {
    const decoded = decodedOf(ex);
    if (decoded.kind !== 'result' || !decoded.text) return pass;
    const learned = ex.learnedFormat!;
    if (learned.format === 'pairs') {
      return isPairsText(decoded.text) ? pass : fail(`the target's results are name=value text (learned from ${learned.learnedFrom} answers), this one is not: "${clip(decoded.text, 200)}"`);
    }
    const parsed = parseResult(decoded.text);
    if (parsed.ok && parsed.format === learned.format) return pass;
    const name = learned.format.toUpperCase();
    return fail(`the target's results are ${name} (learned from ${learned.learnedFrom} answers), this one is not${parsed.ok ? ` (it is ${parsed.format.toUpperCase()})` : ''}: "${clip(decoded.text, 200)}"`);
  },
};
