import { quotedLine } from '../results/clip.js';
import { observe } from './observe.js';
import { fail, pass, scope, skip, type Check } from './types.js';

export const errorMessagePerProfile: Check = {
  id: 'error-message-per-profile',
  description: "The error message matches the text the profile expects (asmx: System.Web.Services' own messages)",
  enforces: 'asmx profile: resource strings of System.Web.Services (WebRequestUnableToRead, WebHttpHeader, WebMissingParameter, WebChangeTypeFailed, WebInvalidMethodName), reference source and a real ASMX runtime',
  scope: 'exchange',
  level: 'warning',
  levelReason: "message wording is the runtime's, and differs between .NET Framework and Mono; the spec shows none",
  ...scope.anyNegative,
  run(ex) {
    if (ex.hostRejection) return skip(`the host refused the request before the service read it (${ex.hostRejection.kind}): no service message to judge`);
    const o = observe(ex);
    // The shapes that could describe this answer; if any of them leaves the message open, so do we.
    const relevant = (ex.expectation?.accept ?? []).filter((s) => s.body === 'any-rejection' || (s.body === o.body && (s.body === 'soap-fault' || s.body === 'plain-text')));
    const patterns = relevant.map((s) => (s.body === 'soap-fault' ? s.reason : s.body === 'plain-text' ? s.message : undefined));
    if (patterns.length === 0 || patterns.some((p) => p === undefined)) return skip('no message expectation for this kind of answer');
    const text = o.body === 'plain-text' ? o.text : o.body === 'soap-fault' ? faultText(o.fault) : '';
    return patterns.some((p) => new RegExp(p!).test(text)) ? pass : fail(`message "${quotedLine(text)}" does not match /${patterns.join('/ or /')}/`);
  },
};

function faultText(fault: { children: ReadonlyArray<{ name: string; text: string; children: ReadonlyArray<{ name: string; text: string }> }> }): string {
  const s11 = fault.children.find((c) => c.name === 'faultstring');
  if (s11) return s11.text;
  return fault.children.find((c) => c.name === 'Reason')?.children.find((c) => c.name === 'Text')?.text ?? '';
}
