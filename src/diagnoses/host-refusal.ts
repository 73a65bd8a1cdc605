/**
 * Requests refused by the host before ASMX saw them: ASP.NET request validation, or the query
 * string's length. The asmx and lenient profiles accept these as inherent (src/profiles/
 * host-rejection.ts, whose evidence this rule relies on: .NET Framework reference source and
 * documentation, and Mono 6.8 observed by npm run test:asmx); under strict they are findings, and
 * this names their one cause.
 */
import { isQueryLengthRefusal, REQUEST_VALIDATION } from '../profiles/host-rejection.js';
import type { ExchangeRecord } from '../results/record.js';
import { answerText, quoted } from './answers.js';
import type { DiagnosisRule, Identified } from './types.js';

const queryLength = (r: ExchangeRecord): number => {
  const at = r.request.url.indexOf('?');
  return at < 0 ? 0 : r.request.url.length - at - 1;
};

const isForm = (r: ExchangeRecord) => r.transport === 'get' || r.transport === 'post';
const validated = (r: ExchangeRecord) => isForm(r) && REQUEST_VALIDATION.test(answerText(r));
const tooLong = (r: ExchangeRecord) => r.transport === 'get' && r.response !== undefined && isQueryLengthRefusal(r.response.status, answerText(r), queryLength(r));

export const hostRefusal: DiagnosisRule = {
  id: 'host-refused-request',
  description: 'Requests were refused by the host (ASP.NET request validation, query-string length) before ASMX saw them',
  runtimeEvidence: '.NET Framework (reference source, CrossSiteScriptingValidation; httpRuntime maxQueryStringLength, IIS requestFiltering) and Mono 6.8 (observed, npm run test:asmx): see src/profiles/host-rejection.ts',
  identify(run): Identified | undefined {
    const validation = run.records.filter(validated);
    const length = run.records.filter(tooLong);
    if (validation.length === 0 && length.length === 0) return undefined;
    const fixes = [
      ...(validation.length > 0 ? ['request validation: <httpRuntime requestValidationMode="2.0" /> with <pages validateRequest="false" /> in web.config'] : []),
      ...(length.length > 0 ? ['query length: <httpRuntime maxQueryStringLength="..." /> and IIS <requestFiltering><requestLimits maxQueryString="..." /></requestFiltering>'] : []),
    ];
    return {
      summary: 'requests were refused by the host before ASMX saw them (ASP.NET defaults)',
      evidence: [
        ...(validation.length > 0 ? [quoted(validation, 'say "A potentially dangerous Request... value was detected"')] : []),
        ...(length.length > 0 ? [quoted(length, 'refuse the length of the query string')] : []),
      ],
      fix: `accept them as ASP.NET's defaults (--profile asmx or lenient judges them as inherent), or relax the host: ${fixes.join('; ')}`,
      explains: (f) => validated(f.record) || tooLong(f.record),
    };
  },
};
