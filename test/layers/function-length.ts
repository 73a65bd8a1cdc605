/**
 * The length of every function in src/ (STYLE.md: keep functions short), read with the TypeScript
 * parser: function declarations and expressions, arrow functions, methods, constructors and
 * accessors. A function's length is its lines from its first to its last, nested functions
 * included. `npm run lint:layers` prints the longest and fails on each over MAX_FUNCTION_LINES.
 */
import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files.js';

/** The most lines a function of src/ may span. */
export const MAX_FUNCTION_LINES = 60;

/** PENDING_SPLIT: functions over the limit that a branch is splitting now, by file under src/ and
 * name. They are printed but do not fail the lint; a test fails once one is no longer over it. */
export const PENDING_SPLIT: ReadonlyArray<{ file: string; name: string }> = [];

/** One function: its file under src/ ('/' between folders), first line (1-based), name and lines. */
export type FunctionLength = { file: string; line: number; name: string; lines: number };

const KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration, ts.SyntaxKind.FunctionExpression, ts.SyntaxKind.ArrowFunction, ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor, ts.SyntaxKind.GetAccessor, ts.SyntaxKind.SetAccessor,
]);

/** A function's own name, else the name it is given (`const f = () => …`, `{ f: () => … }`). */
function nameOf(node: ts.Node, file: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const own = (node as ts.FunctionLikeDeclaration).name;
  if (own) return own.getText(file);
  const { parent } = node;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node) return parent.name.getText(file);
  return '(anonymous)';
}

/** Every function of one source text. */
export function functionLengths(text: string, file: string): FunctionLength[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: FunctionLength[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    if (KINDS.has(node.kind) && (node as ts.FunctionLikeDeclaration).body) {
      const line = lineOf(node.getStart(source));
      found.push({ file, line, name: nameOf(node, source), lines: lineOf(node.getEnd()) - line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}


/** The longest function of `src`, and those over the limit: failing, or pending their split. */
export function longFunctions(src: string, pending = PENDING_SPLIT, max = MAX_FUNCTION_LINES) {
  const all = sourceFiles(src, /\.[mc]?ts$/).flatMap((path) => functionLengths(readFileSync(path, 'utf8'), relative(src, path).split(sep).join('/')));
  const over = all.filter((f) => f.lines > max).sort((a, b) => b.lines - a.lines);
  const isPending = (f: FunctionLength) => pending.some((p) => p.file === f.file && p.name === f.name);
  const longest = all.reduce<FunctionLength | undefined>((a, f) => (a && a.lines >= f.lines ? a : f), undefined);
  return { longest, failing: over.filter((f) => !isPending(f)), pending: over.filter(isPending) };
}

/** `engine/run-case.ts:40 exchangeRecord (132 lines)` */
export const describeFunction = (f: FunctionLength) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`;
