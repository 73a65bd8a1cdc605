/**
 * What gSOAP 2.8 (Debian's 2.8.124) really does against the contract: the error-level findings
 * `npm run test:gsoap` expects, each with the rule it breaks and the evidence. Any other
 * error-level finding is one the contract does not support (a false alarm of this tool, or a new
 * behaviour of gSOAP to look into), and fails the script.
 */
export interface KnownDeviation {
  readonly check: string;
  readonly scenario: string;
  readonly transports: readonly string[];
  /** What gSOAP does, as observed, and the rule it breaks. */
  readonly what: string;
}

export const KNOWN_DEVIATIONS: readonly KnownDeviation[] = [
  {
    check: 'rejects-invalid-input',
    scenario: 'dt-invalid',
    transports: ['soap11', 'soap12'],
    what: 'soap_s2dateTime normalises an impossible dateTime instead of refusing it (2024-13-45T25:61:00 is read as 2025-02-15T02:01:00Z); over SOAP the xs:dateTime type is the contract (XSD 1.0 Part 2, 3.2.7)',
  },
  {
    check: 'answers-in-time',
    scenario: 'malformed-xml',
    transports: ['soap11', 'soap12'],
    what: 'given an envelope cut inside its last end tag, with a Content-Length that matches the body, gSOAP waits for the rest of the XML until its own receive time-out; RFC 9112 section 6.3: the body ends at Content-Length, so the request was complete and due an answer',
  },
];
