// Dredd hooks: run every documented transaction of every implemented operation against the real
// server (through Prism's validating proxy), turning each documented status into a real scenario:
// 2xx with fixtures created here, 401 with a wrong key, 404 with an unknown id, and the specific
// 4xx scenarios listed in scenarios.cjs. Transactions no scenario can honestly produce are skipped
// and counted in the summary line.
const hooks = require('hooks');
const { operationFor, requiredHeaders } = require('./operations.cjs');
const { scenarios, fixtures } = require('./scenarios.cjs');

const APP = process.env.APP_URL;
const KEY = process.env.API_KEY;
const notImplemented = new Set((process.env.NOT_IMPLEMENTED || '').split(',').filter(Boolean));
const skipped = [];

hooks.beforeAll(async (transactions, done) => {
  try {
    await fixtures.setup(APP, KEY);
    done();
  } catch (err) {
    done(err);
  }
});

hooks.beforeEach(async (txn, done) => {
  try {
    const op = operationFor(txn.request.method, txn.origin.resourceName);
    const status = Number(txn.expected.statusCode);
    txn.request.headers['X-API-Key'] = KEY;
    // Dredd expects every documented response header; the contract sends some only sometimes (Deprecation, Sunset…).
    const required = requiredHeaders(txn.request.method, txn.origin.resourceName, status);
    for (const h of Object.keys(txn.expected.headers || {})) {
      if (h.toLowerCase() !== 'content-type' && !required.has(h.toLowerCase())) delete txn.expected.headers[h];
    }
    if (!op || notImplemented.has(op)) return skip(txn, `${op}: not implemented yet`, done);
    if (scenarios.unreachableThroughProxy.has(status) || scenarios.unreachableThroughProxy.has(`${op} ${status}`)) {
      return skip(txn, `status ${status}: the proxy cannot forward it (covered by vitest)`, done);
    }
    const coveredBy = scenarios.coveredByVitest.get(`${op} ${status}`);
    if (coveredBy) return skip(txn, `status ${status}: needs state no fixture makes (covered by ${coveredBy})`, done);
    if (scenarios.needsLms.has(`${op} ${status}`))
      return skip(
        txn,
        `status ${status}: needs a company LMS (covered by test/loans/lms.test.ts against the LoanPro simulator)`,
        done,
      );
    const scenario = (scenarios[op] && scenarios[op][status]) || defaultScenario(status);
    if (!scenario) return skip(txn, `status ${status}: no scenario`, done);
    await scenario(txn, fixtures);
    done();
  } catch (err) {
    done(err);
  }
});

// Express appends "; charset=utf-8"; Dredd compares Content-Type literally.
hooks.beforeEachValidation((txn) => {
  const ct = txn.real && txn.real.headers && txn.real.headers['content-type'];
  if (ct) txn.real.headers['content-type'] = ct.replace(/;\s*charset=utf-8$/i, '');
});

hooks.afterAll((transactions, done) => {
  const run = transactions.filter((t) => !t.skip).length;
  const reasons = {};
  for (const s of skipped) reasons[s.why] = (reasons[s.why] || 0) + 1;
  console.log(`\ncontract: ${run} transactions run against the app, ${skipped.length} skipped`);
  for (const [why, n] of Object.entries(reasons).sort()) console.log(`  skipped ${n}: ${why}`);
  done();
});

function skip(txn, why, done) {
  txn.skip = true;
  skipped.push({ name: txn.name, why });
  done();
}

function defaultScenario(status) {
  if (status >= 200 && status < 300) return async (txn, fx) => fx.substitute(txn);
  if (status === 401)
    return async (txn) => {
      txn.request.headers['X-API-Key'] = 'ok_not-a-real-key';
    };
  if (status === 404)
    return async (txn, fx) => {
      fx.substitute(txn);
      fx.unknownPath(txn);
    };
  return null;
}
