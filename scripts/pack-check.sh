#!/usr/bin/env bash
# The package as users get it: `npm pack`, install the tarball into an empty folder, then run
# `npx tsiws-conform --help`, a run against the embedded server and verify-certificate there.
# Catches a `files` list that leaves out what the bin loads at run time (src/, suites/, wsdl/) and
# a dependency that is only a devDependency. Needs the npm registry and builds libxmljs2 (1-2 min),
# so CI runs it after `npm test` (.ci/run) rather than inside the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
tarball="$(npm pack --silent --pack-destination "$work" | tail -n 1)"
# postpack removes dist/ again: a checkout must keep running its sources, never a stale build.
[ ! -e dist ] || { echo 'pack-check: dist/ is left in the checkout after npm pack (postpack)' >&2; exit 1; }
echo "pack-check: packed $tarball ($(du -k "$work/$tarball" | cut -f1) KiB)"

# What the bin needs at run time must be in the tarball; this project's own tests must not be.
# (The listing goes to a file: `tar | grep -q` would fail under pipefail when grep stops early.)
tar -tzf "$work/$tarball" > "$work/contents.txt"
# dist/ is the compiled CLI the bin runs (built by prepack); src/ is what the suites import.
for needed in package/bin/tsiws-conform.js package/dist/cli/main.js package/src/cli/main.ts package/suites/vitest.config.ts package/wsdl/tsiWS.wsdl package/schema/tsiws.config.schema.json; do
  grep -qx "$needed" "$work/contents.txt" || { echo "pack-check: $needed is missing from the tarball (package.json \"files\")" >&2; exit 1; }
done
if grep -q '^package/test/' "$work/contents.txt"; then echo 'pack-check: test/ is in the tarball (package.json "files")' >&2; exit 1; fi
# npm run bench imports devDependencies (autocannon): it stays in the repository.
if grep -qE '^package/(src|dist)/bench/' "$work/contents.txt"; then echo 'pack-check: src/bench or dist/bench is in the tarball (package.json "files", tsconfig.build.json)' >&2; exit 1; fi

app="$work/app"
mkdir "$app"
# An empty project that allows libxmljs2's build, as a user's would (npm 11 allowScripts).
printf '{ "name": "pack-check-app", "private": true, "allowScripts": { "libxmljs2": true, "esbuild": true } }\n' > "$app/package.json"
(cd "$app" && npm install --no-audit --no-fund --loglevel=error "$work/$tarball")

cd "$app"
npx --no-install tsiws-conform --help | grep -q '^Usage: tsiws-conform <command>' || { echo 'pack-check: npx tsiws-conform --help did not print the usage' >&2; exit 1; }
# The installed package runs compiled JavaScript: its CLI process loads no TypeScript transpiler
# (tsx, typescript) for --version, --help or a run. Module hooks log what the CLI process itself
# resolves (not the suites' workers, which vitest runs).
cat > "$work/log-hooks.mjs" <<'HOOKS'
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (String(process.pid) === process.env.PACK_CHECK_PID) appendFileSync(process.env.PACK_CHECK_LOG, `${resolved.url}\n`);
  return resolved;
}
HOOKS
cat > "$work/log-register.mjs" <<'REGISTER'
import { register } from 'node:module';
process.env.PACK_CHECK_PID = String(process.pid);
register('./log-hooks.mjs', import.meta.url);
REGISTER
no_transpiler() { # the CLI's arguments
  local log="$work/loaded-$1.txt"
  : > "$log"
  PACK_CHECK_LOG="$log" node --import "$work/log-register.mjs" node_modules/tsiws-conformance/bin/tsiws-conform.js "$@" > /dev/null || true
  grep -q '/tsiws-conformance/dist/cli/main.js$' "$log" || { echo "pack-check: tsiws-conform $1 did not run the compiled dist/ (loaded: $(wc -l < "$log") modules)" >&2; exit 1; }
  if grep -E '/node_modules/(tsx|typescript)/' "$log" > "$work/transpilers.txt"; then echo "pack-check: tsiws-conform $1 loaded a TypeScript transpiler:" >&2; head -3 "$work/transpilers.txt" >&2; exit 1; fi
  echo "pack-check: tsiws-conform $* loaded $(wc -l < "$log") modules, no TypeScript transpiler"
}
no_transpiler --version
no_transpiler --help
no_transpiler run --suites positive --operations MobileContactSearch --runs 1 --reports "$work/reports-loaded"
# User checks: the package's checks entry (exports "./checks") loads, and a .mjs checks module is listed.
node --input-type=module -e 'import { pass } from "tsiws-conformance/checks"; if (pass.status !== "passed") process.exit(1);' || { echo 'pack-check: import "tsiws-conformance/checks" failed' >&2; exit 1; }
npx --no-install tsiws-conform checks --checks-module node_modules/tsiws-conformance/examples/checks/result-not-empty.mjs | grep -q '^result-not-empty ' || { echo 'pack-check: checks --checks-module did not list the example check' >&2; exit 1; }
# A script's run (exports "./run"): the example calls runAndReport, as the run command does.
node node_modules/tsiws-conformance/examples/run-and-report.mjs --operations MobileContactSearch --reports "$work/reports-script" > "$work/script.txt" \
  || { echo 'pack-check: node examples/run-and-report.mjs failed:' >&2; tail -5 "$work/script.txt" >&2; exit 1; }
grep -q '^Verdict: conforms; reports: ' "$work/script.txt" || { echo 'pack-check: examples/run-and-report.mjs printed no verdict:' >&2; tail -5 "$work/script.txt" >&2; exit 1; }
echo "pack-check: examples/run-and-report.mjs: $(grep '^Verdict' "$work/script.txt" | cut -d';' -f1)"
set +e
npx --no-install tsiws-conform run --suites positive,service --runs 1 --reports "$work/reports" --format json > "$work/run.json"
code=$?
set -e
node -e '
  const doc = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const ok = doc.verdict === "conforms" && doc.summary.exchanges.total > 0 && doc.summary.exchanges.failed === 0;
  console.log(`pack-check: run from the installed package: ${doc.verdict}, ${doc.summary.exchanges.total} exchanges, exit ${doc.exitCode}`);
  if (!ok) { console.error(JSON.stringify(doc, null, 2).slice(0, 4000)); process.exit(1); }
' "$work/run.json"
[ "$code" -eq 0 ] || { echo "pack-check: the run exited $code" >&2; exit 1; }
npx --no-install tsiws-conform verify-certificate "$work/reports"
echo 'pack-check: passed'
