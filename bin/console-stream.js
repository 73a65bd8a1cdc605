// The bin's console: a stream whose write failed (EPIPE when the reader of a pipe is gone, as
// `| head -1` or a killed `| tee`; EIO from a closed terminal; EBADF) takes no more writes, and the
// failure is nothing else's business: the command goes on, writes its reports and exits with its
// own code. Each stream on its own: stdout cut short by `head` leaves stderr's errors visible.
// JavaScript, as the bin is: it wraps the streams before any TypeScript is loaded.

/** @param {NodeJS.WritableStream & { destroyed?: boolean }} stream */
export function consoleStream(stream) {
  let open = true;
  stream.on('error', () => {
    open = false;
  });
  return {
    /** @param {string} text */
    write(text) {
      if (open && !stream.destroyed) stream.write(text);
    },
    get open() {
      return open;
    },
  };
}
