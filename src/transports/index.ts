import { getTransport, postTransport } from './http.js';
import { soap11Transport, soap12Transport } from './soap.js';
import type { Transport, TransportId } from './types.js';

export * from './types.js';

/** All four transports, in the spec's table order. */
export const transports: readonly Transport[] = [soap11Transport, soap12Transport, getTransport, postTransport];

export { TRANSPORT_IDS } from '../contract/vocabulary.js';

export function getTransportById(id: TransportId): Transport {
  return transports.find((t) => t.id === id)!;
}

export * from './observed.js';
export { decodeObservedRequest } from './request.js';
