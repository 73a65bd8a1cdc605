/** The part of newman's Node API the Postman test uses (newman ships no typings; @types/newman
 * would pull in the whole postman-collection typings for these few fields). */
declare module 'newman' {
  interface Execution {
    readonly item: { readonly name: string; parent(): { readonly name: string } };
    readonly assertions?: ReadonlyArray<{ readonly assertion: string; readonly error?: { readonly message: string } }>;
    readonly requestError?: Error;
  }
  interface RunOptions {
    readonly collection: object;
    readonly reporters?: string[];
    readonly environment?: object;
  }
  const newman: { run(options: RunOptions, done: (err: Error | null, summary: { run: { executions: Execution[] } }) => void): void };
  export default newman;
}
