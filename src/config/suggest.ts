/** "Did you mean": the closest known name to a mistyped one, by edit distance. */

/** Edit distance, with two swapped neighbours as one edit (the commonest typo: 'rnu' for 'run'),
 * case-insensitive (a name typed in another case is still that name). */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  const d: number[][] = Array.from({ length: s.length + 1 }, (_, i) => [i, ...Array<number>(t.length).fill(0)]);
  for (let j = 1; j <= t.length; j++) d[0]![j] = j;
  for (let i = 1; i <= s.length; i++) {
    for (let j = 1; j <= t.length; j++) {
      const row = d[i]!;
      row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (s[i - 1] === t[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[s.length]![t.length]!;
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

/** ' (did you mean "x"?)' or nothing, to append to what was not understood. */
export function didYouMean(typed: string, known: readonly string[], quote = (name: string) => `"${name}"`): string {
  const match = closest(typed, known);
  return match === undefined ? '' : ` (did you mean ${quote(match)}?)`;
}
