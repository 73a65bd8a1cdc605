/** "Did you mean": the closest known name to a mistyped one, by edit distance. */

/** Levenshtein distance, case-insensitive (names differ from typos in case far more than in meaning). */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[t.length]!;
}

/** The known name closest to `typed`, if it is close enough to be what was meant. */
export function closest(typed: string, known: readonly string[]): string | undefined {
  // A third of the length, at least 1 and at most 3: 'soap21' finds 'soap12', 'xyz' finds nothing.
  const limit = Math.min(3, Math.max(1, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const name of known) {
    const d = editDistance(typed, name);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return bestDistance <= limit ? best : undefined;
}

/** '; did you mean "x"?' or nothing, to append to an error message. */
export function didYouMean(typed: string, known: readonly string[]): string {
  const match = closest(typed, known);
  return match === undefined ? '' : `; did you mean "${match}"?`;
}
