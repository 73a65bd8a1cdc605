/**
 * Hostile XML never costs more than reading it: external entities and DTDs are never fetched,
 * entity bombs are refused unexpanded, deep nesting is refused before libxml2 sees it; ordinary
 * DTD use still reads as XML 1.0 says.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseXml, parseXmlDocument } from '../../src/decode/xml.js';

const MARKER = 'MARKER-7f3a-never-read';
const dir = mkdtempSync(join(tmpdir(), 'tsiws-xxe-'));
const secretFile = join(dir, 'secret.txt');
const dtdFile = join(dir, 'entities.dtd');
writeFileSync(secretFile, `${MARKER}\n`);
writeFileSync(dtdFile, `<!ENTITY m "${MARKER}">`);

/** The result with how long it took. */
function timed(text: string, limits?: Parameters<typeof parseXml>[1]) {
  const started = performance.now();
  const result = parseXml(text, limits);
  return { result, ms: performance.now() - started };
}

const BOMB_REFUSED = 'refused before parsing: its entity references would expand to more than 1000000 characters (an entity expansion bomb such as "billion laughs"); nothing was expanded';

function billionLaughs(): string {
  let subset = '<!ENTITY lol0 "lol">';
  for (let i = 1; i <= 9; i++) subset += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
  return `<?xml version="1.0"?><!DOCTYPE string [${subset}]><string xmlns="urn:t">&lol9;</string>`;
}

describe('external entities and DTDs are never fetched', () => {
  test('an external entity pointing at a local file: parsed, its text left out, the reference listed', () => {
    const parsed = parseXml(`<!DOCTYPE s [<!ENTITY xxe SYSTEM "file://${secretFile}">]><s>a&xxe;b</s>`);
    expect(parsed).toMatchObject({ ok: true, hasDoctype: true, root: { name: 's', text: 'ab' }, external: [{ kind: 'entity', name: 'xxe', systemId: `file://${secretFile}` }] });
    expect(JSON.stringify(parsed)).not.toContain(MARKER);
  });

  test('an external DTD subset declaring an entity: not read, so the entity stays unknown', () => {
    const parsed = parseXml(`<!DOCTYPE s SYSTEM "file://${dtdFile}"><s>a&m;b</s>`);
    expect(parsed).toMatchObject({ ok: true, root: { text: 'ab' }, external: [{ kind: 'dtd', name: 's', systemId: `file://${dtdFile}` }] });
    expect(JSON.stringify(parsed)).not.toContain(MARKER);
  });

  test('a parameter entity pulling in an external DTD: refused, since it could declare anything', () => {
    const parsed = parseXml(`<!DOCTYPE s [<!ENTITY % p SYSTEM "file://${dtdFile}"> %p;]><s>&m;</s>`);
    expect(parsed).toEqual({ ok: false, error: 'refused before parsing: its DTD uses parameter entity references, which could declare entities this guard cannot measure' });
  });

  test('an external entity in an attribute value is not well-formed (XML 1.0, WFC: No External Entity References)', () => {
    const parsed = parseXml(`<!DOCTYPE s [<!ENTITY xxe SYSTEM "file://${secretFile}">]><s a="&xxe;"/>`);
    expect(parsed.ok).toBe(false);
    expect(JSON.stringify(parsed)).not.toContain(MARKER);
  });
});

describe('entity bombs are refused without expanding them', () => {
  test('billion laughs (3 x 10^9 characters): refused in well under a second', () => {
    const { result, ms } = timed(billionLaughs());
    expect(result).toEqual({ ok: false, error: BOMB_REFUSED });
    expect(ms).toBeLessThan(1000);
  });

  test('a quadratic blow-up libxml2 lets through (one 50 KB entity referenced 2,000 times): refused', () => {
    const entity = `<!DOCTYPE s [<!ENTITY e "${'a'.repeat(50_000)}">]>`;
    expect(timed(`${entity}<s>${'&e;'.repeat(2000)}</s>`).result).toEqual({ ok: false, error: BOMB_REFUSED });
    expect(timed(`${entity}<s a="${'&e;'.repeat(2000)}"/>`).result).toEqual({ ok: false, error: BOMB_REFUSED });
  });

  test('an entity that refers to itself: refused', () => {
    expect(parseXml('<!DOCTYPE s [<!ENTITY a "x&b;"><!ENTITY b "&a;">]><s>&a;</s>')).toEqual({ ok: false, error: 'refused before parsing: entity "a" refers to itself' });
  });

  test('ordinary internal entities still expand, as XML 1.0 section 4.4.2 requires', () => {
    const parsed = parseXml('<!DOCTYPE s [<!-- a ] > in a comment --><!ELEMENT s ANY><!ATTLIST s a CDATA "x>y"><!ENTITY e "hel&amp;lo"><!ENTITY e "ignored: the first declaration binds">]><s>&e; <![CDATA[<&>]]><!-- no --><?p q?>w</s>');
    expect(parsed).toMatchObject({ ok: true, root: { text: 'hel&lo <&>w' }, external: [] });
  });
});

describe('nesting depth and size', () => {
  test('100,000 nested elements: refused quickly', () => {
    const { result, ms } = timed('<a>'.repeat(100_000) + '</a>'.repeat(100_000));
    expect(result).toEqual({ ok: false, error: 'refused before parsing: elements nest deeper than 256 levels (line 1)' });
    // A scan of 700 KB: milliseconds, but a loaded 2-core machine stalled it 68 ms (issue 59); a
    // parse that built the tree first would take seconds.
    expect(ms).toBeLessThan(1000);
  });

  test('256 levels are read, 257 are not; comments, CDATA, quoted ">" and empty elements do not count', () => {
    const noise = '<!-- <b> --><![CDATA[<b><b>]]><b a=">"/>';
    expect(parseXml(`${'<a>'.repeat(256)}${noise.repeat(300)}${'</a>'.repeat(256)}`).ok).toBe(true);
    expect(parseXml(`<r>\n${'<a>'.repeat(256)}${'</a>'.repeat(256)}</r>`)).toEqual({ ok: false, error: 'refused before parsing: elements nest deeper than 256 levels (line 2)' });
  });

  test('maxBytes: a larger document is refused, counted in UTF-8 bytes', () => {
    expect(parseXml('<s>é</s>', { maxBytes: 8 })).toEqual({ ok: false, error: 'refused before parsing: the document has 9 bytes, more than the 8 allowed' });
    expect(parseXml('<s>é</s>', { maxBytes: 9 }).ok).toBe(true);
  });

  test('a large result under 256 levels is read once, not copied per ancestor', () => {
    const big = 'x'.repeat(4 * 1024 * 1024);
    const { result, ms } = timed(`${'<a>'.repeat(250)}${big}${'</a>'.repeat(250)}`);
    expect(result.ok && result.root.text.length).toBe(big.length);
    expect(ms).toBeLessThan(2000);
  });
});

describe('a text node over libxml2 limit of 10,000,000 characters (issue 41)', () => {
  // One 10 MiB text, built once; libxml2 refuses it unless given XML_PARSE_HUGE ("Huge input lookup").
  const huge = 'x'.repeat(10 * 1024 * 1024);

  test('without a DOCTYPE: read, by the SAX events and by the document alike', () => {
    for (const read of [parseXml, parseXmlDocument]) {
      const result = read(`<a>${huge}</a>`);
      expect(result.ok && result.root.text.length).toBe(huge.length);
    }
  });

  test('with a DOCTYPE: refused, saying it is that limit (libxml2 keeps its own entity checks there)', () => {
    const result = parseXml(`<!DOCTYPE a><a>${huge}</a>`);
    expect(result).toEqual({ ok: false, error: "internal error: Huge input lookup (line 1, column 10485776): a text node longer than libxml2's limit of 10,000,000 characters, which this tool lifts only for a document without a DOCTYPE (the document may be well-formed)" });
  });

  test('the huge reading lifts neither the nesting nor the entity protections', () => {
    // libxml2 with XML_PARSE_HUGE reads 3,000 levels and parses billion laughs unexpanded (probe):
    // the guard refuses both before libxml2 sees them, whether or not a large text goes with them.
    const deep = `${'<a>'.repeat(3000)}${huge}${'</a>'.repeat(3000)}`;
    for (const read of [parseXml, parseXmlDocument]) {
      expect(read(deep)).toEqual({ ok: false, error: 'refused before parsing: elements nest deeper than 256 levels (line 1)' });
      expect(read(`${'<a>'.repeat(257)}${'</a>'.repeat(257)}`)).toEqual({ ok: false, error: 'refused before parsing: elements nest deeper than 256 levels (line 1)' });
      expect(read(billionLaughs())).toEqual({ ok: false, error: BOMB_REFUSED });
      expect(read(billionLaughs().replace('&lol9;', `&lol9;${huge}`))).toEqual({ ok: false, error: BOMB_REFUSED });
    }
  });
});
