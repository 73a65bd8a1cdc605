/** Reading junit.xml in tests. */

/** Every (classname, name) pair of a junit document that more than one testcase has. */
export function duplicateTestcases(junitText: string): string[] {
  const seen = new Map<string, number>();
  for (const m of junitText.matchAll(/<testcase classname="([^"]*)" name="([^"]*)"/g)) seen.set(`${m[1]} | ${m[2]}`, (seen.get(`${m[1]} | ${m[2]}`) ?? 0) + 1);
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

/** The time attributes of a document's <testsuite> elements, in seconds. */
export const suiteSeconds = (junitText: string): number[] => [...junitText.matchAll(/<testsuite [^>]*time="([\d.]+)"/g)].map((m) => Number(m[1]));
