/**
 * ASP.NET's custom error page stands in for ASMX's own error answers: web.config's customErrors
 * mode="On" (or RemoteOnly, seen from a remote client), or a defaultRedirect page.
 *
 * Runtime evidence:
 * - .NET Framework: ASMX leaves an exception of an HTTP GET/POST web method to ASP.NET's error
 *   handling (reference source, HttpServerProtocol.WriteException returns false), which under
 *   customErrors On renders the generic "Runtime Error" page ("The current custom error settings
 *   for this application prevent the details of the application error from being viewed"), or
 *   redirects to defaultRedirect with ?aspxerrorpath=/... (documentation, customErrors element).
 * - Mono 6.8 (observed, npm run test:asmx): the generic "Runtime Error" page is what a remote
 *   client gets for a request the host refuses (the query-length refusal); Mono's ASMX itself keeps
 *   writing GET/POST errors as text/plain under customErrors On (TSIWS_ASMX_CUSTOM_ERRORS=On), so
 *   the page in place of an ASMX error is .NET evidence only.
 */
import type { ExchangeRecord } from '../results/record.js';
import { answerHeader, answerText, quoted } from './answers.js';
import type { DiagnosisRule, Identified } from './types.js';

export const CUSTOM_ERROR_PAGE = /custom error settings for this application prevent|<customErrors[ >]/i;
const ERROR_REDIRECT = /[?&]aspxerrorpath=/i;

/** An answer that is ASP.NET's custom error page, or a redirect to one. */
export const isCustomErrorAnswer = (r: ExchangeRecord): boolean =>
  (r.response?.status ?? 0) >= 300 && (CUSTOM_ERROR_PAGE.test(answerText(r)) || ERROR_REDIRECT.test(answerHeader(r, 'location')));

export const customErrorPages: DiagnosisRule = {
  id: 'custom-error-pages',
  description: "ASP.NET's custom error page (customErrors) is answered in place of ASMX's own errors",
  runtimeEvidence: '.NET Framework (reference source, HttpServerProtocol.WriteException; documentation, customErrors element): the generic "Runtime Error" page or a defaultRedirect; Mono 6.8 shows the same page for host refusals only (observed, npm run test:asmx)',
  identify(run): Identified | undefined {
    const pages = run.records.filter(isCustomErrorAnswer);
    if (pages.length === 0) return undefined;
    const redirected = pages.some((r) => ERROR_REDIRECT.test(answerHeader(r, 'location')));
    return {
      summary: "errors are answered with ASP.NET's custom error page instead of ASMX's own error",
      evidence: [quoted(pages, redirected ? "are ASP.NET's custom error page or a redirect to it (aspxerrorpath)" : 'are ASP.NET\'s generic "Runtime Error" page')],
      fix: 'set <customErrors mode="Off" /> in <system.web> of the service\'s web.config (or RemoteOnly for a client on the server itself), and leave out defaultRedirect: ASMX then answers GET/POST errors with its text/plain message',
      explains: (f) => pages.includes(f.record),
    };
  },
};
