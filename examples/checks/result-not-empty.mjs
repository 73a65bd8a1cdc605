// An example user check for --checks-module: every valid request answered with a result must carry
// a non-empty result text (the `<Operation>Result` string). It has the built-in checks' interface
// (tsiws-conformance/checks: id, description, enforces, level and why, scope, applies, run) and is
// run, reported, selected (--checks, --skip-checks) and replayed like them.
//
//   npx tsiws-conform checks --checks-module examples/checks/result-not-empty.mjs
//   npx tsiws-conform run --checks-module examples/checks/result-not-empty.mjs
//
// A verdict is { status: 'passed' }, { status: 'failed', message }, or { status: 'skipped', message }.
// A check that throws is a tool error in the report, never a finding against the target.

/** @type {import('tsiws-conformance/checks').Check} */
export const resultNotEmpty = {
  id: 'result-not-empty',
  description: 'A successful answer carries a non-empty result text',
  enforces: 'our own expectation: every operation returns something (the spec does not require it)',
  scope: 'exchange',
  level: 'warning',
  levelReason: 'not in the contract: an empty result may be legitimate for a search without matches',
  appliesText: 'valid requests the service answered with HTTP 200',
  applies: (ex) => ex.kind === 'positive' && ex.response.status === 200,
  run(ex) {
    const decoded = ex.transport.decode({ namespace: ex.namespace }, ex.operation, ex.response);
    if (decoded.kind !== 'result') return { status: 'skipped', message: 'no result to look at (the built-in checks report why)' };
    if (decoded.text === null || decoded.text.trim() === '') return { status: 'failed', message: `${ex.operation.name} answered an empty result` };
    return { status: 'passed' };
  },
};

export const checks = [resultNotEmpty];
