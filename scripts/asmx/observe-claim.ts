/**
 * node --import tsx scripts/asmx/observe-claim.ts [--write]
 *
 * What Mono's System.Web.Services writes into ?WSDL for a service declared as Visual Studio's ASMX
 * template declares it, with the claim asked for: [WebServiceBinding(ConformsTo =
 * WsiProfiles.BasicProfile1_1, EmitConformanceClaims = true)] (generate.ts, CLAIM_ATTRIBUTE). Prints
 * the runtime's version and where each wsi:Claim is; --write records the WSDL as
 * fixtures/wsi/mono-6.8-claim.wsdl, which the claim's detection cites (src/checks/wsi/grade.ts).
 * An observation made by hand, not part of test:asmx: a second site costs its own start-up.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SERVICE_PATH } from '../../src/contract/index.js';
import { parseXml, type XmlElement } from '../../src/decode/xml.js';
import { WSI_CLAIM_NS } from '../../src/checks/wsi/grade.js';
import { startAsmxHost } from './host.js';

const FIXTURE = fileURLToPath(new URL('../../fixtures/wsi/mono-6.8-claim.wsdl', import.meta.url));

/** The path of every wsi:Claim, as element names with their name attribute. */
function claimsIn(el: XmlElement, path: readonly string[] = []): string[] {
  const here = [...path, `${el.name}${el.attrs['name'] ? `[@name=${el.attrs['name']}]` : ''}`];
  if (el.ns === WSI_CLAIM_NS && el.name === 'Claim') return [`${here.join('/')} conformsTo=${el.attrs['conformsTo'] ?? '(none)'}`];
  return el.children.flatMap((c) => claimsIn(c, here));
}

const version = spawnSync('mono', ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0] ?? '(unknown)';
const host = await startAsmxHost({ claims: true });
try {
  // The service's own address is in its wsdl:service ports: written as a placeholder, so that the
  // fixture does not depend on the port this observation happened to get.
  const text = (await (await fetch(`${host.baseUrl}${SERVICE_PATH}?WSDL`)).text()).split(host.baseUrl).join('http://localhost');
  const parsed = parseXml(text);
  if (!parsed.ok) throw new Error(`?WSDL is not XML: ${parsed.error}`);
  process.stdout.write(`${version}\n${new Date().toISOString().slice(0, 10)}\n${claimsIn(parsed.root).join('\n') || 'no wsi:Claim'}\n`);
  if (process.argv.includes('--write')) {
    writeFileSync(FIXTURE, text);
    process.stdout.write(`written: ${FIXTURE}\n`);
  }
} finally {
  await host.stop();
}
