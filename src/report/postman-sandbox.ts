/**
 * The part every XML assertion of the Postman collection shares (report/postman.ts): sandbox
 * JavaScript that parses the answer and collects what breaks the contract point in `problems`, which
 * the test then asserts empty (its message lists them).
 *
 * The sandbox parses with xml2js, one of the libraries Postman's sandbox lets a script `require`
 * (postman-sandbox lib/environment.js, the bundle newman runs); `xmlns: true` gives each element
 * and attribute its namespace URI (`$ns.uri`, `$ns.local`), `explicitChildren` with
 * `preserveChildrenOrder` the element children in document order (`$$`), and text is `_`.
 */

// ES5, no imports: `root` is the document element (undefined when the body is not XML).
const PRELUDE = `
var XMLNS = 'http://www.w3.org/2000/xmlns/', XSI = 'http://www.w3.org/2001/XMLSchema-instance';
function qname(e) { return '{' + e.$ns.uri + '}' + e.$ns.local; }
function kids(e) { return e.$$ || []; }
function named(e, ns, local) { return !!e && !!e.$ns && e.$ns.uri === ns && e.$ns.local === local; }
var problems = [], root;
require('xml2js').parseString(pm.response.text(), { xmlns: true, explicitChildren: true, preserveChildrenOrder: true, async: false }, function (err, result) {
  if (err) problems.push('not well-formed XML: ' + String(err.message || err).split('\\n')[0]); else root = result[Object.keys(result)[0]];
});`;

/** A pm.test running `body` (sandbox JavaScript that reads `want`, `root` and pushes to `problems`)
 * on the parsed answer. */
export function sandboxXmlTest(title: string, want: object, body: string): string {
  return `pm.test(${JSON.stringify(title)}, function () { var want = ${JSON.stringify(want)};${PRELUDE}
if (root) {${body}
}
pm.expect(problems, problems.join('; ')).to.be.empty;
});`;
}
