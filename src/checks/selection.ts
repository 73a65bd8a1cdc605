/**
 * Which checks --checks and --skip-checks leave in. A leaf (it imports nothing): the runner and
 * the WS-I context (wsi/wsdl-facts.ts) both ask it, and types.ts names that context, so with the
 * selection inside runner.ts the files of checks/ and checks/wsi/ imported each other in a circle.
 */
export interface CheckSelection {
  readonly checks: readonly string[] | undefined;
  readonly skipChecks: readonly string[];
}

/** Whether --checks and --skip-checks leave the check `id` in. */
export const isSelected = (id: string, selection: CheckSelection): boolean => (selection.checks?.includes(id) ?? true) && !selection.skipChecks.includes(id);
