import { bodyText } from '../decode/response.js';
import { compareWsdl } from '../wsdl/diff.js';
import { fail, pass, skip, type ServiceCheck } from './types.js';

const LISTED = 20;

export const wsdlMatchesContract: ServiceCheck = {
  id: 'wsdl-matches-contract',
  description: "The target's published WSDL (?WSDL) matches the reconstructed contract",
  enforces: 'spec, Parameter order and types, Transports and Versioning (path, namespace, four transports); compared as `tsiws-conform diff-wsdl` does',
  scope: 'service',
  level: 'error',
  levelReason: "the contract: the spec's Parameter order and types, Transports and Versioning",
  appliesText: 'the service, once per run',
  run({ namespace, url, response }) {
    // The spec does not require a published WSDL: a target without one is noted, not failed.
    if (response.status !== 200) return skip(`the target serves no WSDL (GET ${url} answered HTTP ${response.status}); the contract comparison was not made`);
    const compared = compareWsdl(bodyText(response), namespace);
    if ('error' in compared) return skip(`the answer to GET ${url} is not a WSDL (${compared.error}); the contract comparison was not made`);
    const { drifts } = compared;
    if (drifts.length === 0) return pass;
    const listed = drifts.slice(0, LISTED).map((d) => `[${d.kind}] ${d.message}`);
    if (drifts.length > LISTED) listed.push(`... and ${drifts.length - LISTED} more (run tsiws-conform diff-wsdl for all)`);
    return fail(`${drifts.length} difference(s) from the contract:\n${listed.join('\n')}`);
  },
};
