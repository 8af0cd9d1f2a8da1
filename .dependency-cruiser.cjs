/**
 * The layer rule (README "Layout"): handlers → http → domain → store; jobs → domain; the pure
 * scheduler and the contract module depend on nothing of ours (src/lib excepted for the contract);
 * no import circles. `npm run lint:deps` fails on any violation; .ci/run runs it.
 */
const up = (from, to, comment) => ({ name: `${from.name}-not-up`, comment, severity: 'error', from: { path: from.path }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'Import circles hide which layer owns a concept.', severity: 'error', from: {}, to: { circular: true } },
    up({ name: 'store', path: '^src/store/' }, '^src/(domain|http|handlers|jobs|app|server|cli)', 'The store knows tables, not use cases.'),
    up({ name: 'domain', path: '^src/domain/' }, '^src/(http|handlers|jobs|app|server|cli|adapters|simulators)', 'The domain returns facts; statuses and headers are src/http/; outside systems are behind ports.'),
    up({ name: 'adapters', path: '^src/adapters/' }, '^src/(store|http|handlers|jobs|app|server|cli)', 'Adapters implement domain ports and know only the outside system.'),
    { name: 'simulators-standalone', comment: 'A simulator speaks the outside system\'s protocol and knows nothing of ours but that protocol\'s wire module (src/adapters/<system>/protocol.ts: paths, payload types, signature scheme).', severity: 'error', from: { path: '^src/simulators/' }, to: { path: '^src/', pathNot: '^src/(simulators|lib)/|^src/adapters/[^/]+/(protocol|signature)\\.ts$' } },
    up({ name: 'http', path: '^src/http/' }, '^src/(handlers|jobs|app|server|cli)', 'http is used by handlers and the composition root.'),
    up({ name: 'handlers', path: '^src/handlers/' }, '^src/(jobs|app|server|cli)', 'Handlers are leaves under the app.'),
    up({ name: 'jobs', path: '^src/jobs/' }, '^src/(http|handlers|app|server|cli)', 'jobs → domain; what the workers need from http is injected by src/main/server.ts.'),
    { name: 'scheduler-pure', comment: 'The planner is pure and self-contained.', severity: 'error', from: { path: '^src/scheduler/' }, to: { path: '^src/', pathNot: '^src/(scheduler|types)/' } },
    { name: 'contract-neutral', comment: 'The contract module is neutral ground every layer may use.', severity: 'error', from: { path: '^src/contract/' }, to: { path: '^src/', pathNot: '^src/(contract|lib)/' } },
    { name: 'lib-neutral', severity: 'error', from: { path: '^src/lib/' }, to: { path: '^src/', pathNot: '^src/lib/' } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
