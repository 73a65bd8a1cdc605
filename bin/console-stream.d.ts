/** console-stream.js is JavaScript: the bin wraps its streams before any TypeScript is loaded. */
export interface ConsoleStream {
  write(text: string): void;
  readonly open: boolean;
}
export declare function consoleStream(stream: NodeJS.WritableStream & { destroyed?: boolean }): ConsoleStream;
