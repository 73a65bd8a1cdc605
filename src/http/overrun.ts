/**
 * Detects a body longer than its Content-Length. undici reads exactly the declared bytes and
 * returns them as the whole body; the bytes after them, which llhttp then takes for the start of
 * another response while none was asked for, make undici destroy the connection with
 * "bad response", after the response was already delivered: silently truncated (seen with undici
 * 7.30). RFC 9112 section 6.3 makes Content-Length the end of the message, so what follows is the
 * target's error, and it must be named as such rather than found as cut XML.
 *
 * undici does not say which connection carried a response, so this module finds out: an
 * interceptor marks the request whose head is about to be written (onRequestStart), and the
 * `undici:client:sendHeaders` diagnostics channel, published synchronously right after, names the
 * socket it is written to.
 * Not seen: bytes after the body of a response that closes its connection (Connection: close,
 * HTTP/1.0): undici stops reading there and ends the connection itself, so the checks judge the
 * body as declared.
 */
import diagnostics from 'node:diagnostics_channel';
import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DecoratorHandler, type Dispatcher } from 'undici';

/** A request's identity, passed to undici as its `opaque`. */
export type RequestToken = object;

let starting: RequestToken | undefined;
const sockets = new WeakMap<RequestToken, Socket>();

diagnostics.subscribe('undici:client:sendHeaders', (message) => {
  if (starting) sockets.set(starting, (message as { socket: Socket }).socket);
  starting = undefined;
});

// undici's types declare DecoratorHandler without the methods it has (it forwards every handler
// method, old and new style, to the handler it wraps).
interface Handler extends Dispatcher.DispatchHandler {
  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void;
}
const Decorator = DecoratorHandler as unknown as new (handler: Dispatcher.DispatchHandler) => Handler;

class Marking extends Decorator {
  constructor(handler: Dispatcher.DispatchHandler, private readonly token: RequestToken | undefined) {
    super(handler);
  }

  override onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    starting = this.token;
    super.onRequestStart(controller, context);
  }
}

/** The interceptor that marks each request as its head is written (Dispatcher.compose). */
export const markRequests: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>
  dispatch(opts, new Marking(handler, (opts as { opaque?: RequestToken }).opaque));

/** Whether bytes followed the body of the response to `token` on its connection. Called once the
 * body is read; waits one turn of the event loop for undici to act on bytes read with the body. */
export async function bodyOverran(token: RequestToken): Promise<boolean> {
  const socket = sockets.get(token);
  if (!socket) return false;
  await nextTurn();
  return socket.destroyed && socket.errored?.message === 'bad response';
}
