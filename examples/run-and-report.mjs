// A run from a script: the same function `tsiws-conform run` calls, with its flags and reports,
// and your own handling of each record as it arrives. With no --base-url it runs against the
// embedded reference server.
//
//   node examples/run-and-report.mjs --base-url https://host/tsiWS.asmx --reports reports
//
// Outside this package's own folder, import from 'tsiws-conformance/run' as well.
import { passes, runAndReport, runSettings } from 'tsiws-conformance/run';

const settings = await runSettings(['--suites', 'positive', '--runs', '1', ...process.argv.slice(2)]);
const failing = new Map(); // operation -> exchanges with a failed check
const report = await runAndReport(settings, {
  say: (line) => console.log(line),
  warn: (line) => console.error(line),
  onRecord: (record) => {
    if (record.checks.some((c) => c.status === 'failed')) failing.set(record.operation, (failing.get(record.operation) ?? 0) + 1);
  },
});
const { verdict } = report.digest.summary(report.info);
for (const [operation, count] of failing) console.log(`${operation}: ${count} exchanges with a failed check`);
console.log(`Verdict: ${verdict}; reports: ${report.files.join(', ')}`);
process.exitCode = report.interrupted ? 130 : passes(verdict) ? 0 : 1;
