/**
 * The ASMX site a real System.Web.Services runtime serves for `npm run test:asmx`: tsiWS.asmx with
 * one [WebMethod] per contract operation, and a web.config with ASP.NET's defaults plus the HttpGet
 * and HttpPost protocols the spec's four transports need (off by default since .NET 1.1).
 *
 * Each method returns what the reference server returns (src/server/result.ts) for the typed
 * values the runtime bound, so `--echo` judges Mono's own binding: JSON.stringify of
 * { operation, received } without the secret parameters, a dateTime in canonicalDateTime's form
 * (src/asmx/values.ts): a Utc or Local value as UTC with `Z`, an Unspecified one as written, the
 * fraction without trailing zeros.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_NAMESPACE, SECRET_PLACEHOLDERS, SERVICE_NAME, SERVICE_PATH, operations, type Operation, type SoapType } from '../../src/contract/index.js';

const CS_TYPE: Record<SoapType, string> = { int: 'int', str: 'string', dt: 'DateTime', bool: 'bool' };

/** C# reserved words; a parameter so named is written @name and still bound as <name> (none today). */
const CS_KEYWORDS = new Set(('abstract as base bool break byte case catch char checked class const continue decimal default delegate do double else enum event explicit extern false finally fixed float for foreach goto if implicit in int interface internal is lock long namespace new null object operator out override params private protected public readonly ref return sbyte sealed short sizeof stackalloc static string struct switch this throw true try typeof uint ulong unchecked unsafe ushort using virtual void volatile while').split(' '));

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`"${name}" is not a C# identifier; the ASMX site cannot declare it`);
  return CS_KEYWORDS.has(name) ? `@${name}` : name;
}

/** JSON text of each C# value, the way JSON.stringify writes it. */
const ECHO_CLASS = `static class Echo
{
    public static string Json(int value) { return value.ToString(CultureInfo.InvariantCulture); }
    public static string Json(bool value) { return value ? "true" : "false"; }

    // Utc and Local values as UTC with Z, Unspecified ones as written; "FFFFFFF" drops trailing
    // zeros and the point of a zero fraction (canonicalDateTime in src/asmx/values.ts).
    public static string Json(DateTime value)
    {
        const string format = "yyyy-MM-dd'T'HH:mm:ss.FFFFFFF";
        if (value.Kind == DateTimeKind.Unspecified) return Json(value.ToString(format, CultureInfo.InvariantCulture));
        return Json(value.ToUniversalTime().ToString(format, CultureInfo.InvariantCulture) + "Z");
    }

    // JSON.stringify's escapes: the two-character ones, \\u00XX below 0x20, \\uDXXX for a lone surrogate.
    public static string Json(string value)
    {
        if (value == null) return "null";
        var json = new StringBuilder("\\"");
        for (int i = 0; i < value.Length; i++) {
            char c = value[i];
            bool pair = char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]);
            switch (c) {
                case '"': json.Append("\\\\\\""); break;
                case '\\\\': json.Append("\\\\\\\\"); break;
                case '\\b': json.Append("\\\\b"); break;
                case '\\f': json.Append("\\\\f"); break;
                case '\\n': json.Append("\\\\n"); break;
                case '\\r': json.Append("\\\\r"); break;
                case '\\t': json.Append("\\\\t"); break;
                default:
                    if (pair) { json.Append(c).Append(value[++i]); }
                    else if (c < ' ' || char.IsSurrogate(c)) json.Append("\\\\u").Append(((int)c).ToString("x4"));
                    else json.Append(c);
                    break;
            }
        }
        return json.Append('"').ToString();
    }

    public static string Result(string operation, params string[] members)
    {
        return "{\\"operation\\":" + Json(operation) + ",\\"received\\":{" + string.Join(",", members) + "}}";
    }
}`;

function webMethod(op: Operation): string {
  const params = op.params.map((p) => `${CS_TYPE[p.type]} ${identifier(p.name)}`).join(', ');
  // Names are identifiers (checked above), so they need no escaping inside the C# literal.
  const members = op.params.filter((p) => !(p.name in SECRET_PLACEHOLDERS))
    .map((p) => `"\\"${p.name}\\":" + Echo.Json(${identifier(p.name)})`);
  return [
    '    [WebMethod]',
    `    public string ${identifier(op.name)}(${params})`,
    '    {',
    `        return Echo.Result("${op.name}", ${members.join(', ')});`,
    '    }',
  ].join('\n');
}

/** The attribute of Visual Studio's ASMX template, with the claim written into the WSDL: where the
 * runtime puts it is observed by scripts/asmx/observe-claim.ts (fixtures/wsi/mono-6.8-claim.wsdl). */
export const CLAIM_ATTRIBUTE = '[WebServiceBinding(ConformsTo = WsiProfiles.BasicProfile1_1, EmitConformanceClaims = true)]';

/** The .asmx file: the service class inline, compiled by the runtime on first request. */
export function asmxSource(namespace = DEFAULT_NAMESPACE, claims = false): string {
  return [
    `<%@ WebService Language="C#" Class="${SERVICE_NAME}" %>`,
    'using System;',
    'using System.Globalization;',
    'using System.Text;',
    'using System.Web.Services;',
    '',
    ...(claims ? [CLAIM_ATTRIBUTE] : []),
    `[WebService(Namespace = ${JSON.stringify(namespace)})]`,
    `public class ${SERVICE_NAME} : WebService`,
    '{',
    operations.map(webMethod).join('\n\n'),
    '}',
    '',
    ECHO_CLASS,
    '',
  ].join('\n');
}

export interface SiteOptions {
  /** ASP.NET's customErrors mode. The default, RemoteOnly, shows a loopback client (this host's
   * only client) exception details; "On" shows what a remote client of a deployment sees. */
  readonly customErrors?: 'RemoteOnly' | 'On';
  /** Protocols left out of web.config: the deployment mistake `TSIWS_ASMX_WITHOUT=HttpGet,HttpPost
   * npm run test:asmx` shows. */
  readonly without?: readonly AsmxProtocol[];
  /** The [WebService] attribute's Namespace (default: the contract's). */
  readonly namespace?: string;
  /** The service claims WS-I Basic Profile 1.1 in its WSDL (CLAIM_ATTRIBUTE); by default it does not. */
  readonly claims?: boolean;
}

export const ASMX_PROTOCOLS = ['HttpGet', 'HttpPost', 'HttpSoap12'] as const;
export type AsmxProtocol = (typeof ASMX_PROTOCOLS)[number];

/** The <protocols> entries of web.config: the two the spec needs added, and each protocol left
 * out removed. Removed, not just not added: Mono's machine.config enables HttpGet and HttpPost (and
 * .NET's HttpPostLocalhost, a POST from this loopback client), where .NET's leaves them off. */
function protocolEntries(without: readonly AsmxProtocol[]): string[] {
  const removed = without.flatMap((p) => (p === 'HttpPost' ? [p, 'HttpPostLocalhost'] : [p])).map((p) => `        <remove name="${p}" />`);
  const added = (['HttpGet', 'HttpPost'] as const).filter((p) => !without.includes(p)).map((p) => `        <add name="${p}" />`);
  return [...removed, ...added];
}

/** ASP.NET defaults left as they are (request validation, maxQueryStringLength 2048, customErrors
 * RemoteOnly), except the two protocols ASMX turns off by default and the spec requires. */
export function webConfig(options: SiteOptions = {}): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<configuration>',
    '  <system.web>',
    '    <compilation debug="false" />',
    ...(options.customErrors ? [`    <customErrors mode="${options.customErrors}" />`] : []),
    '    <webServices>',
    '      <protocols>',
    ...protocolEntries(options.without ?? []),
    '      </protocols>',
    '    </webServices>',
    '  </system.web>',
    '</configuration>',
    '',
  ].join('\n');
}

/** Writes the site into `dir` and returns the .asmx file's path. */
export function writeSite(dir: string, options: SiteOptions = {}): string {
  const asmx = join(dir, ...SERVICE_PATH.split('/').filter(Boolean));
  mkdirSync(join(asmx, '..'), { recursive: true });
  mkdirSync(join(dir, 'bin'), { recursive: true });
  writeFileSync(asmx, asmxSource(options.namespace, options.claims));
  writeFileSync(join(dir, 'web.config'), webConfig(options));
  return asmx;
}
