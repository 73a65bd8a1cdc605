/** The system tests: where a real process tree, the package as npm lays it out, or a real browser is
 * the point, and each costs seconds of CPU. They run in their own suite, `npm run test:system`
 * (test/vitest.system.config.ts), which .ci/run runs right after `npm test`, beside the other extra
 * suites: `npm test` must stay under 5 minutes on a loaded 2-core machine, and these files took
 * about 150 s of its 510 s of CPU (2026-11-26, measured one file at a time). docs/maintaining.md
 * says which test goes where. */
export const SYSTEM_TEST_FILES: readonly string[] = [
  // Signals to the CLI, to its process group and to npx: exit codes, reports marked incomplete.
  'test/cli/signals.test.ts',
  'test/cli/npx.test.ts',
  // Start-up of the bin from the checkout and of the compiled package, module loads logged.
  'test/cli/startup.test.ts',
  'test/bench/startup.test.ts',
  // The bench's proxy figures: a proxy process between autocannon and a reference server (issue 53).
  'test/bench/proxy.test.ts',
  // Issue 53 end to end with the compiled bin: the proxy stopped by SIGTERM with an exchange in
  // flight, and captured traffic replayed by run --traffic (five runs); what they assemble is
  // unit-tested in npm test (test/proxy/, test/session/observe-and-report, test/engine/traffic).
  'test/cli/proxy.test.ts',
  'test/cli/traffic.test.ts',
  // Issue 61: the proxy under autocannon past what judging keeps up with, and with --judge all;
  // SIGINT, exit 130, the reports complete and saying what was sampled.
  'test/cli/proxy-load.test.ts',
  // Issue 21 through the CLI: runs that write schemas and runs judged against them (32 s of test
  // time, npm test at 4 min 55 s on a fresh clone, 2026-11-28); inference and drift are
  // unit-tested in npm test (test/shapes/).
  'test/cli/shapes.test.ts',
  // The HTML report in Chromium.
  'test/cli/report-browser.test.ts',
  // Hostile targets streaming 100 MiB, slow and stalled answers against the real bin.
  'test/hostile/hostile.test.ts',
  'test/cli/hostile.test.ts',
  // A run split over three "machines" with --shard and joined by merge-reports, and over worker
  // lanes: five full runs (merge-reports itself has unit tests in test/regression/).
  'test/cli/shard-merge.test.ts',
  // The Postman collection run by newman against ten mutants and the clean server (a foreign
  // runner, about 90 s: twelve runs and a newman run each).
  'test/report/foreign/postman.test.ts',
  // The Allure results read by Allure's own command line (a JVM), counted against junit.xml.
  'test/report/foreign/allure.test.ts',
  // Two full runs against the embedded server and their wsi-report.xml against its schema, and one
  // against a --base-url counting its GET ?WSDL (issue 51): about 27 s of CPU.
  'test/report/wsi-run.test.ts',
  // Issue 59: serve --stateful --personality vendor-faults --mutant soap12-not-enabled (the bin) and
  // one full signed run against it, its diagnosis (about 25 s).
  'test/diagnoses/stateful-soap12-not-enabled.test.ts',
  // A seeded run's reports against the fixture made before a change (issue 52): two runs and their
  // normalisation, 13 to 15 s of CPU.
  'test/cli/golden-reports.test.ts',
  // Issue 60, item 4: two runs with --seed 7 --workers 2 whose junit.xml, results.json and
  // parity.json must be equal under the golden normaliser (about 20 s of CPU). The order itself is
  // unit-tested in npm test: test/report/stable-order.test.ts.
  'test/cli/stable-order.test.ts',
  // The quick subset of `npm run mutants` (child processes, each a full run).
  'test/cli/mutants.test.ts',
  // End-to-end runs of issue 38's reference and baseline noise, and of issue 40's HAR, Allure and
  // CI summary outputs: 95 s of CPU in all, which took `npm test` to 4 min 36 s on a quiet machine
  // (2026-11-26). What they assemble is unit-tested in npm test: test/regression/reference-*,
  // operation-noise and baseline-noise; test/report/har, allure-mapping and ci-summary.
  'test/cli/reference.test.ts',
  'test/cli/baseline-noise.test.ts',
  'test/cli/har.test.ts',
  'test/cli/allure.test.ts',
  'test/cli/ci-summary.test.ts',
  // Issue 61's --repeat 20 against a mutant beside --repeat 1 (junit.xml's folded repetitions):
  // about 11 s of CPU. Case by case in npm test: test/report/junit-fold.test.ts.
  'test/cli/junit-repeat.test.ts',
  // Issue 60's GitHub Action entry as a runner starts it: a signed stateful run, a mutant, a
  // cancelled job (about 40 s of CPU); its inputs and files are unit-tested in npm test
  // (test/cli/action-inputs.test.ts, action-files.test.ts).
  'test/cli/action.test.ts',
  // The bin with its console pipes closed at once: two runs (the guard is unit-tested in test/bin/).
  'test/cli/closed-console.test.ts',
  // Issue 49's two full runs against a vendor's result formats (XML PascalCase in-band, business
  // faults): about 25 s of CPU. Case by case in npm test: test/engine/vendor-failures.test.ts.
  'test/engine/vendor-runs.test.ts',
];
