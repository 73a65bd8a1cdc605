/**
 * Each typed value in its type's lexical space. Over SOAP the type is the contract's XSD type, and
 * the verdict libxml2's XSD validator's (wsdl/lexical-space.ts, kept per value by cases/): "True"
 * is no xs:boolean, a dateTime needs its "T". Most values a client sends are plainly inside, and the
 * proxy must not be what a client waits on: a value ASMX's own XmlConvert reading takes (asmx/
 * values.ts, a strict subset of XSD's lexical spaces without white space) passes without libxml2.
 * Over GET and POST values are text (spec, Transports note 3); what ASMX cannot convert is a warning.
 */
import type { Parameter } from '../../contract/index.js';
import { convert, ConversionError } from '../../asmx/values.js';
import { keptLexicalErrors } from '../../cases/valid-values.js';
import { HTTP_TEXT, isSoapCall, isVerdict, judgeableCall, type SentParam } from './call.js';
import { fail, pass, type ClientCheck } from '../types.js';

const shown = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

function soapProblem(param: Parameter, value: string): string | undefined {
  if (!/\s/.test(value)) {
    try {
      convert(param, value, 'soap');
      return undefined;
    } catch (err) {
      if (!(err instanceof ConversionError)) throw err;
    }
  }
  const [why] = keptLexicalErrors(param.type, value);
  return why === undefined ? undefined : `${param.name} ${shown(value)} is not an xs:${XSD_NAME[param.type]} (${why})`;
}

function httpProblem(param: Parameter, value: string): string | undefined {
  try {
    convert(param, value, 'http');
    return undefined;
  } catch (err) {
    if (!(err instanceof ConversionError)) throw err;
    return `${param.name} ${shown(value)} is not a ${param.type} ASMX can read (${err.inner.type}: ${err.inner.message})`;
  }
}

const XSD_NAME = { int: 'int', dt: 'dateTime', bool: 'boolean', str: 'string' } as const;

/** xsi:nil on a parameter: the reconstructed schema makes none nillable, as ASMX writes its WSDL;
 * the spec says nothing of nil, so this is ASMX's reading, not the contract. */
const nilProblem = (s: SentParam): string | undefined => (s.nil ? `${s.param!.name} has xsi:nil="true", but ASMX's WSDL makes no parameter nillable` : undefined);

export const clientLexicalValues: ClientCheck = {
  id: 'client-lexical-values',
  description: "Each typed value is in its SOAP type's lexical space (xs:int, xs:dateTime with its T, xs:boolean true/false/1/0)",
  enforces: 'spec, Parameter order and types (int, dt, bool are xs:int, xs:dateTime, xs:boolean); XSD 1.0 Part 2 sections 3.3.17, 3.2.7 and 3.2.2',
  scope: 'client',
  level: 'error',
  levelReason: `over SOAP the SOAP types are the contract; ${HTTP_TEXT}, so a value ASMX cannot convert there is a warning, as is xsi:nil, of which the spec says nothing`,
  appliesText: 'requests over the four transports naming an operation of the contract',
  run(ex) {
    const judgeable = judgeableCall(ex);
    if (isVerdict(judgeable)) return judgeable;
    const soap = isSoapCall(ex);
    const errors: string[] = [];
    const warnings: string[] = [];
    for (const s of judgeable.sent) {
      if (!s.param) continue;
      const nil = soap ? nilProblem(s) : undefined;
      if (nil) warnings.push(nil);
      else if (s.param.type !== 'str') {
        const problem = soap ? soapProblem(s.param, s.observed.value) : httpProblem(s.param, s.observed.value);
        if (problem) (soap ? errors : warnings).push(problem);
      }
    }
    if (errors.length > 0) return fail([...errors, ...warnings].join('; '));
    return warnings.length === 0 ? pass : fail(warnings.join('; '), 'warning');
  },
};
