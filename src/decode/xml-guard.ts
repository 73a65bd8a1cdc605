/**
 * A linear scan before libxml2 sees a document, refusing what would make reading a hostile one
 * costly: more bytes than allowed, elements nested deeper than a limit, and entity references that
 * would expand beyond a budget. libxml2 2.9.9 (the one libxmljs2 0.35 bundles) stops exponential
 * bombs ("billion laughs") itself, but not a quadratic blow-up: one 50 KB entity referenced 2,000
 * times parses in 2 ms and then expands to 100 MB when the element's text is read (seen in a probe),
 * and references in attribute values expand whenever a value is read.
 *
 * Entity sizes are measured from the internal DTD subset. A parameter-entity reference there could
 * declare entities the scan cannot see, so such a document is refused; no SOAP or ASMX message has
 * one. The scan also lists what the document takes from outside itself (an external DTD subset,
 * external entities): never fetched, but reported by the xml-no-external-entity check.
 */

export interface XmlLimits {
  /** Deepest element nesting accepted; 256 is libxml2's own limit without XML_PARSE_HUGE. */
  readonly maxDepth: number;
  /** Largest document in UTF-8 bytes; undefined: no limit (response bodies are already capped
   * while streaming by --max-response-bytes, request bodies by the server's maxBodyBytes). */
  readonly maxBytes: number | undefined;
  /** Most characters all entity references together may expand to. */
  readonly maxEntityExpansion: number;
}

export const DEFAULT_XML_LIMITS: XmlLimits = { maxDepth: 256, maxBytes: undefined, maxEntityExpansion: 1_000_000 };

/** Something a document refers to outside itself: never fetched by this tool. */
export interface ExternalReference {
  readonly kind: 'dtd' | 'entity';
  /** The document type name, or the entity name. */
  readonly name: string;
  readonly systemId: string;
}

export type GuardResult = { readonly ok: true; readonly external: readonly ExternalReference[] } | { readonly ok: false; readonly error: string };

interface Entity {
  readonly value?: string;
  readonly systemId?: string;
}

const PREDEFINED = new Set(['lt', 'gt', 'amp', 'apos', 'quot']);
const REF = /&([^\s&;#<>"'%]+);/g;
const PE_REF = /%[^\s%;"'<>]+;/;
// <!ENTITY [%] name "literal" | SYSTEM "uri" | PUBLIC "id" "uri" [NDATA n]>: 1 %, 2 name, 3 literal, 4 external id.
const ENTITY_DECL = /<!ENTITY\s+(%\s+)?([^\s%"'<>]+)\s+(?:("[^"]*"|'[^']*')|(?:SYSTEM|PUBLIC)\s+((?:"[^"]*"|'[^']*')(?:\s+(?:"[^"]*"|'[^']*'))?)(?:\s+NDATA\s+[^\s>]+)?)\s*>/y;
// What follows <!DOCTYPE up to [ or >: 1 name, 2 external id.
const DOCTYPE_HEAD = /^\s+([^\s[>]+)(?:\s+(?:SYSTEM|PUBLIC)\s+((?:"[^"]*"|'[^']*')(?:\s+(?:"[^"]*"|'[^']*'))?))?\s*$/;

const unquote = (literals: string): string => /("[^"]*"|'[^']*')\s*$/.exec(literals)![1]!.slice(1, -1);
const lineAt = (text: string, index: number): number => text.slice(0, index).split('\n').length;
const refuse = (why: string): GuardResult => ({ ok: false, error: `refused before parsing: ${why}` });

/** Index just past the next `token` at or after `from`, or the end of the text. */
function skipPast(text: string, token: string, from: number): number {
  const at = text.indexOf(token, from);
  return at < 0 ? text.length : at + token.length;
}

/** Index of the `>` that ends the markup starting before `from`, skipping quoted literals; -1 if none. */
function markupEnd(text: string, from: number): number {
  let quote = '';
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return i;
  }
  return -1;
}

class Scan {
  readonly entities = new Map<string, Entity>();
  readonly external: ExternalReference[] = [];
  private readonly sizes = new Map<string, number>();
  private readonly usedExternal = new Set<string>();
  private expansion = 0;

  constructor(private readonly text: string, private readonly limits: XmlLimits) {}

  run(): GuardResult {
    const { text, limits } = this;
    let depth = 0;
    for (let i = 0; i < text.length;) {
      const lt = text.indexOf('<', i);
      const end = lt < 0 ? text.length : lt;
      const overBudget = this.countRefs(text.slice(i, end));
      if (overBudget) return overBudget;
      if (lt < 0) break;
      if (text.startsWith('<!--', lt)) i = skipPast(text, '-->', lt + 4);
      else if (text.startsWith('<![CDATA[', lt)) i = skipPast(text, ']]>', lt + 9);
      else if (text.startsWith('<?', lt)) i = skipPast(text, '?>', lt + 2);
      else if (text.startsWith('<!DOCTYPE', lt)) {
        const after = this.readDoctype(lt + 9);
        if (typeof after !== 'number') return after;
        i = after;
      } else if (text[lt + 1] === '/') {
        depth = Math.max(0, depth - 1); // a stray end tag is libxml2's to report
        i = skipPast(text, '>', lt + 2);
      } else {
        const close = markupEnd(text, lt + 1);
        if (close < 0) break; // an unterminated tag: libxml2 reports it
        const attrBudget = this.countRefs(text.slice(lt, close));
        if (attrBudget) return attrBudget;
        if (text[close - 1] !== '/' && ++depth > limits.maxDepth) {
          return refuse(`elements nest deeper than ${limits.maxDepth} levels (line ${lineAt(text, lt)})`);
        }
        i = close + 1;
      }
    }
    for (const name of this.usedExternal) this.external.push({ kind: 'entity', name, systemId: this.entities.get(name)!.systemId! });
    return { ok: true, external: this.external };
  }

  /** Adds what the general entity references in `segment` expand to; a refusal once over budget. */
  private countRefs(segment: string): GuardResult | undefined {
    if (this.entities.size === 0 || !segment.includes('&')) return undefined;
    for (const m of segment.matchAll(REF)) {
      const size = this.expandedSize(m[1]!, new Set());
      if (size === Infinity) return refuse(`entity "${m[1]}" refers to itself`);
      this.expansion += size;
      if (this.expansion > this.limits.maxEntityExpansion) {
        return refuse(`its entity references would expand to more than ${this.limits.maxEntityExpansion} characters (an entity expansion bomb such as "billion laughs"); nothing was expanded`);
      }
    }
    return undefined;
  }

  /** Characters `&name;` expands to, entities within it included; Infinity for a recursive one. */
  private expandedSize(name: string, open: Set<string>): number {
    if (PREDEFINED.has(name)) return 1;
    const known = this.sizes.get(name);
    if (known !== undefined) return known;
    const entity = this.entities.get(name);
    if (!entity) return 0; // undeclared: libxml2 reports it
    if (entity.systemId !== undefined) {
      this.usedExternal.add(name);
      return 0; // never fetched (parse options: noent off, dtdload off, nonet on)
    }
    if (open.has(name)) return Infinity;
    open.add(name);
    let size = entity.value!.length;
    for (const m of entity.value!.matchAll(REF)) size += this.expandedSize(m[1]!, open) - m[0].length;
    open.delete(name);
    this.sizes.set(name, size);
    return size;
  }

  /** Reads `<!DOCTYPE ...>` from just after the keyword; the index after it, or a refusal. */
  private readDoctype(from: number): number | GuardResult {
    const { text } = this;
    const unreadable = refuse(`its document type declaration could not be read (line ${lineAt(text, from)})`);
    let i = from;
    let quote = '';
    for (; i < text.length && (quote || (text[i] !== '[' && text[i] !== '>')); i++) {
      if (quote ? text[i] === quote : text[i] === '"' || text[i] === "'") quote = quote ? '' : text[i]!;
    }
    const head = DOCTYPE_HEAD.exec(text.slice(from, i));
    if (!head || i >= text.length) return unreadable;
    if (head[2]) this.external.push({ kind: 'dtd', name: head[1]!, systemId: unquote(head[2]) });
    if (text[i] === '>') return i + 1;
    for (i++; ;) {
      while (/\s/.test(text[i] ?? '')) i++;
      if (i >= text.length) return unreadable;
      if (text[i] === ']') {
        const close = /^\s*>/.exec(text.slice(i + 1, i + 1 + 1000));
        return close ? i + 1 + close[0].length : unreadable;
      }
      if (text[i] === '%') return refuse('its DTD uses parameter entity references, which could declare entities this guard cannot measure');
      if (text.startsWith('<!--', i)) i = skipPast(text, '-->', i + 4);
      else if (text.startsWith('<?', i)) i = skipPast(text, '?>', i + 2);
      else if (text.startsWith('<!ENTITY', i)) {
        ENTITY_DECL.lastIndex = i;
        const m = ENTITY_DECL.exec(text);
        if (!m) return unreadable;
        const [, pe, name, literal, externalId] = m;
        if (literal !== undefined && PE_REF.test(literal)) return refuse('its DTD uses parameter entity references, which could declare entities this guard cannot measure');
        // XML 1.0 section 4.2: the first declaration of an entity is binding.
        if (!pe && !this.entities.has(name!)) this.entities.set(name!, literal !== undefined ? { value: literal.slice(1, -1) } : { systemId: unquote(externalId!) });
        i = ENTITY_DECL.lastIndex;
      } else if (text.startsWith('<!', i)) {
        const close = markupEnd(text, i + 2);
        if (close < 0) return unreadable;
        i = close + 1;
      } else return unreadable;
    }
  }
}

/** Scans `text` against `limits`: the external references it makes, or why it is refused. */
export function guardXml(text: string, limits: XmlLimits = DEFAULT_XML_LIMITS): GuardResult {
  if (limits.maxBytes !== undefined) {
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > limits.maxBytes) return refuse(`the document has ${bytes} bytes, more than the ${limits.maxBytes} allowed`);
  }
  try {
    return new Scan(text, limits).run();
  } catch (err) {
    // Entities chained thousands deep overflow the measuring recursion; no real message does that.
    if (err instanceof RangeError) return refuse('its entity declarations refer to each other too deeply to measure');
    throw err;
  }
}
