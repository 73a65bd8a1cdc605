/** Learning one shape per operation from many result texts (`tsiws-conform shapes infer`). */
import { mergeShapes, parseResult, shapeOf, type ResultShape } from './shape.js';

export interface LearnedShape {
  readonly operation: string;
  /** Undefined when no result of the operation could be read. */
  readonly shape?: ResultShape;
  /** Results the shape was learned from. */
  readonly learnedFrom: number;
  /** Results that were not JSON or XML, or not of the format most results had, with the first reason. */
  readonly unread: number;
  readonly firstProblem?: string;
}

interface Tally {
  readonly shapes: Map<'json' | 'xml', { shape: ResultShape; count: number }>;
  readonly problems: string[];
  fed: number;
}

/** One learner fed result texts operation by operation; `results()` gives every operation fed. */
export class ShapeLearner {
  private readonly tallies = new Map<string, Tally>();

  add(operation: string, text: string): void {
    const tally: Tally = this.tallies.get(operation) ?? { shapes: new Map(), problems: [] as string[], fed: 0 };
    this.tallies.set(operation, tally);
    tally.fed++;
    const parsed = parseResult(text);
    if (!parsed.ok) {
      tally.problems.push(`not ${parsed.format.toUpperCase()}: ${parsed.error}`);
      return;
    }
    const shape = shapeOf(parsed);
    const known = tally.shapes.get(shape.format);
    if (!known) {
      tally.shapes.set(shape.format, { shape, count: 1 });
      return;
    }
    const merged = mergeShapes(known.shape, shape);
    if (merged) tally.shapes.set(shape.format, { shape: merged, count: known.count + 1 });
    // One schema describes one root element: a result with another is counted as unread.
    else tally.problems.push('an XML result with another root element than the others');
  }

  /** Operations that never got a result are not listed: the caller knows which it expected. */
  results(): LearnedShape[] {
    return [...this.tallies].map(([operation, t]) => {
      // Results of two formats: the one most results had; the others are counted as unread.
      const best = [...t.shapes.values()].sort((a, b) => b.count - a.count)[0];
      const otherFormat = [...t.shapes.values()].filter((s) => s !== best).map((s) => `a ${s.shape.format.toUpperCase()} result where most were ${best!.shape.format.toUpperCase()}`);
      const problems = [...t.problems, ...otherFormat];
      return {
        operation,
        ...(best ? { shape: best.shape } : {}),
        learnedFrom: best?.count ?? 0,
        unread: t.fed - (best?.count ?? 0),
        ...(problems.length > 0 ? { firstProblem: problems[0] } : {}),
      };
    });
  }
}
