/** The target's ?WSDL answer as plain data, apart from the code that reads it (wsi-wsdl.ts), so
 * that the worker context can name it without importing what imports the context. */
import type { HttpResponse } from '../../transports/index.js';

/** An answer to GET ?WSDL as plain data: it crosses to the suites' workers in the settings. */
export interface WsdlAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly bodyBase64: string;
  readonly elapsedMs: number;
  readonly sentAt?: number;
  readonly retries?: number;
}

export const wsdlAnswerOf = ({ body, ...rest }: HttpResponse): WsdlAnswer => ({ ...rest, bodyBase64: body.toString('base64') });
export const responseOf = ({ bodyBase64, ...rest }: WsdlAnswer): HttpResponse => ({ ...rest, body: Buffer.from(bodyBase64, 'base64') });
