/** Small helpers for mutants that post-process a reply. */
import type { Reply } from '../replies.js';
import type { ReplyContext } from './types.js';

export const isSuccess = (reply: Reply, ctx: ReplyContext) => ctx.transport !== 'wsdl' && reply.status === 200;
export const isSoapFault = (reply: Reply) => reply.body.includes('<soap:Fault>');
/** A GET/POST error: the text/plain exception message ASMX writes with 500. */
export const isPlainError = (reply: Reply) => reply.status >= 400 && (reply.headers['Content-Type'] ?? '').startsWith('text/plain');

export const withBody = (reply: Reply, body: string): Reply => ({ ...reply, body });
export const withHeader = (reply: Reply, name: string, value: string): Reply => ({ ...reply, headers: { ...reply.headers, [name]: value } });
export const withStatus = (reply: Reply, status: number): Reply => ({ ...reply, status });

/** Applies `change` only to successes over `transport`. */
export function successOn(transport: ReplyContext['transport'], change: (reply: Reply, ctx: ReplyContext) => Reply) {
  return (reply: Reply, ctx: ReplyContext): Reply => (ctx.transport === transport && isSuccess(reply, ctx) ? change(reply, ctx) : reply);
}

/** Applies `change` only to SOAP faults over `transport`. */
export function faultOn(transport: ReplyContext['transport'], change: (reply: Reply) => Reply) {
  return (reply: Reply, ctx: ReplyContext): Reply => (ctx.transport === transport && isSoapFault(reply) ? change(reply) : reply);
}

/** Inserts `text` right after the XML declaration. */
export const afterDeclaration = (body: string, text: string) => body.replace(/^(<\?xml[^>]*\?>)\r?\n?/, `$1\r\n${text}\r\n`);
