/**
 * The part every XML assertion of the Postman collection shares (report/foreign/postman.ts): sandbox
 * JavaScript that parses the answer and collects what breaks the contract point in `problems`, which
 * the test then asserts empty (its message lists them).
 *
 * The sandbox parses with xml2js, one of the libraries Postman's sandbox lets a script `require`
 * (postman-sandbox lib/environment.js, the bundle newman runs); `xmlns: true` gives each element
 * and attribute its namespace URI (`$ns.uri`, `$ns.local`), `explicitChildren` with
 * `preserveChildrenOrder` the element children in document order (`$$`), and text is `_`.
 */

// ES5, no imports: `root` is the document element (undefined when the body is not XML), `doctype`
// the DOCTYPE's text if any, `pis` the processing instructions ({ name, body }) outside comments and
// CDATA, read from the parser's own sax events (xml2js sets no handler for either).
const prelude = (notXml: 'fails' | 'passes') => `
var XMLNS = 'http://www.w3.org/2000/xmlns/', XSI = 'http://www.w3.org/2001/XMLSchema-instance';
function qname(e) { return '{' + e.$ns.uri + '}' + e.$ns.local; }
function kids(e) { return e.$$ || []; }
function named(e, ns, local) { return !!e && !!e.$ns && e.$ns.uri === ns && e.$ns.local === local; }
var problems = [], root, doctype, pis = [];
var parser = new (require('xml2js').Parser)({ xmlns: true, explicitChildren: true, preserveChildrenOrder: true, async: false });
parser.saxParser.ondoctype = function (d) { doctype = d; };
parser.saxParser.onprocessinginstruction = function (pi) { pis.push(pi); };
parser.parseString(pm.response.text(), function (err, result) {
  if (!err && result) root = result[Object.keys(result)[0]];${notXml === 'fails' ? `
  else problems.push('not well-formed XML: ' + (err ? String(err.message || err).split('\\n')[0] : 'no document element'));` : ''}
});`;

/** A pm.test running `body` (sandbox JavaScript that reads `want`, `root`, `doctype`, `pis` and
 * pushes to `problems`) on the parsed answer. An answer that is not XML fails it, unless `notXml`
 * is 'passes' (for a check that skips such an answer). */
export function sandboxXmlTest(title: string, want: object, body: string, notXml: 'fails' | 'passes' = 'fails'): string {
  return `pm.test(${JSON.stringify(title)}, function () { var want = ${JSON.stringify(want)};${prelude(notXml)}
if (root) {${body}
}
pm.expect(problems, problems.join('; ')).to.be.empty;
});`;
}
