/**
 * Detects a body longer than its Content-Length. undici reads exactly the declared bytes and
 * returns them as the whole body; the bytes after them, which llhttp then takes for the start of
 * another response while none was asked for, make undici destroy the connection with
 * "bad response", after the response was already delivered: silently truncated (seen with undici
 * 7.30). RFC 9112 section 6.3 makes Content-Length the end of the message, so what follows is the
 * target's error, and it must be named as such rather than found as cut XML.
 *
 * undici does not say which connection carried a response, so this module finds out: the send's
 * handler marks the request whose head is about to be written (onRequestStart), and the
 * `undici:client:sendHeaders` diagnostics channel, published synchronously right after, names the
 * socket it is written to.
 * Not seen: bytes after the body of a response that closes its connection (Connection: close,
 * HTTP/1.0): undici stops reading there and ends the connection itself, so the checks judge the
 * body as declared.
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A request's identity: the object its handler marks with (send.ts). */
export type RequestToken = object;

let starting: RequestToken | undefined;
const sockets = new WeakMap<RequestToken, Socket>();

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  if (starting) sockets.set(starting, (message as { socket: Socket }).socket);
  starting = undefined;
});

/** Marks the request whose head undici is about to write (its handler's onRequestStart, send.ts):
 * the diagnostics message published synchronously right after names its socket. */
export function markStarting(token: RequestToken): void {
  starting = token;
}

/** Whether bytes followed the body of the response to `token` on its connection. Called once the
 * body is read; waits one turn of the event loop for undici to act on bytes read with the body. */
export async function bodyOverran(token: RequestToken): Promise<boolean> {
  const socket = sockets.get(token);
  if (!socket) return false;
  await nextTurn();
  return socket.destroyed && socket.errored?.message === 'bad response';
}
