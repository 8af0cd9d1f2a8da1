/**
 * The layer rules (docs/architecture/layers.md). `npm run lint:deps` fails on any violation; .ci/run
 * runs it, and test/architecture/layer-rules.test.ts plants one violation per rule and expects it to fail.
 *
 *   main (composition root) → handlers → http → domain → store
 *   main → jobs → domain → store
 *   adapters implement the domain's ports; config reads the environment; simulators stand alone.
 *
 * Inside the domain, capabilities are ranked: a capability imports only capabilities of a lower
 * rank, never one of its own rank (a sibling) or above. Use cases that combine capabilities live in
 * the higher-ranked folder. Rank 0 is the shared vocabulary (errors, context, ids, company
 * configuration) and the ports the domain declares; the shared vocabulary imports no port.
 *
 * The store mirrors the capabilities: src/domain/<cap>/ reaches only src/store/<cap>/ and
 * src/store/shared/ (another capability's data comes through that capability's domain folder, of a
 * lower rank), and src/store/<cap>/ imports only itself and src/store/shared/. Which SQL may name
 * which table is test/architecture/table-owners.test.ts's (docs/architecture/decisions/table-owners.md).
 */
const RANKS = [
  ['shared', 'ports'],
  ['borrowers', 'scheduled-calls', 'scheduled-messages'],
  ['webhooks', 'consent'],
  // Promises publish their events (webhooks) and schedule their reminder (scheduled-messages).
  ['planning', 'audit', 'promises'],
  // Pay by link: issued by calls (the agent's variable, after a promise) and messages (a template's link).
  ['payment-links'],
  ['calls', 'messages', 'loans', 'integrations', 'ach'],
  ['customers', 'companies', 'console', 'reports'],
  ['enrollment'],
  ['batches'],
  ['retention'],
  // Go-live checks read every capability's configuration and outside accounts (outreach doctor).
  ['readiness'],
];

const layer = (name, from, to, comment) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from },
  to: { path: to },
});

const rankRules = RANKS.flatMap((rank, r) =>
  rank.flatMap((capability) => {
    // Rank 0 is one vocabulary (the ports speak its types); above it, a rank's folders are siblings.
    const sameOrHigher = RANKS.slice(r === 0 ? 1 : r)
      .flat()
      .filter((c) => c !== capability);
    if (sameOrHigher.length === 0) return []; // the top rank alone: nothing above it to forbid
    return layer(
      `domain-${capability}-rank`,
      `^src/domain/${capability}/`,
      `^src/domain/(${sameOrHigher.join('|')})/`,
      `${capability} (rank ${r}) imports only capabilities of a lower rank: ${RANKS.slice(0, r).flat().join(', ') || 'none'}.`,
    );
  }),
);

/** Store folders: one per capability that has tables (ports has none), and shared. */
const STORE_ROOMS = RANKS.flat().filter((c) => c !== 'ports');

const storeRules = STORE_ROOMS.flatMap((capability) => [
  layer(
    `domain-${capability}-store`,
    `^src/domain/${capability}/`,
    `^src/store/(?!(${capability}|shared)/)`,
    `domain/${capability} reaches only store/${capability} and store/shared; another capability's data comes through that capability's domain folder.`,
  ),
  ...(capability === 'shared'
    ? []
    : [
        {
          name: `store-${capability}-own`,
          comment: `store/${capability} imports only itself, store/shared and another folder's rows.ts (its row types and row functions, no statement): a table has one owner (docs/architecture/decisions/table-owners.md).`,
          severity: 'error',
          from: { path: `^src/store/${capability}/` },
          to: { path: `^src/store/(?!(${capability}|shared)/)`, pathNot: '^src/store/[^/]+/rows\\.ts$' },
        },
      ]),
]);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import circles hide which layer owns a concept.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    layer(
      'domain-capability-known',
      '^src/domain/',
      `^src/domain/(?!(${RANKS.flat().join('|')})/)`,
      'Every domain file sits in a ranked capability folder (add a new one to RANKS).',
    ),
    ...rankRules,
    layer(
      'domain-shared-no-port',
      '^src/domain/shared/',
      '^src/domain/ports/',
      'The ports speak the shared vocabulary; the vocabulary imports no port (no circle between the two).',
    ),
    layer(
      'store-capability-known',
      '^src/',
      `^src/store/(?!(${STORE_ROOMS.join('|')})/)`,
      'Every store file sits in store/shared or in the folder of a ranked capability (add a new one to RANKS).',
    ),
    ...storeRules,
    layer(
      'store-shared-own',
      '^src/store/shared/',
      '^src/store/(?!shared/)',
      'store/shared is what every store folder may use; it imports none of them.',
    ),
    layer(
      'store-rows-no-statement',
      '^src/store/[^/]+/rows\\.ts$',
      '^src/(?!store/shared/columns\\.ts$)',
      "A store folder's rows.ts (row types, the mapper of a read row, the insert row) runs no statement: it imports only the column helpers.",
    ),
    layer(
      'enrollment-one-writer',
      '^src/(?!store/enrollment/)',
      '^src/store/enrollment/(?!enrollments\\.ts$)',
      "An enrollment is written through writeEnrollment (src/store/enrollment/enrollments.ts) alone; the engines' statements behind it are not imported elsewhere.",
    ),
    layer(
      'store-not-up',
      '^src/store/',
      '^src/(domain|http|handlers|jobs|main|config|adapters|simulators)/',
      'The store knows tables, not use cases.',
    ),
    layer(
      'domain-not-up',
      '^src/domain/',
      '^src/(http|handlers|jobs|main|config|adapters|simulators)/',
      'The domain returns facts; statuses and headers are src/http/; outside systems are behind ports.',
    ),
    layer(
      'adapters-outside',
      '^src/adapters/',
      '^src/(store|http|handlers|jobs|main|config)/',
      'Adapters implement domain ports and know only the outside system (the job queue engines included).',
    ),
    layer(
      'http-not-store',
      '^src/http/',
      '^src/(store|handlers|jobs|main)/',
      'http reaches data through the domain; it is used by handlers and the composition root.',
    ),
    layer(
      'handlers-through-domain',
      '^src/handlers/',
      '^src/(store|jobs|main)/',
      'Handlers reach the store only through the domain.',
    ),
    layer(
      'jobs-through-domain',
      '^src/jobs/',
      '^src/(store|http|handlers|main)/',
      'Jobs reach the store only through the domain; what they need from http is injected by src/main/.',
    ),
    layer(
      'config-no-simulator',
      '^src/config/',
      '^src/(simulators|store|domain|http|handlers|jobs|main)/',
      'Configuration reads the environment; it imports no simulator and no layer that uses it.',
    ),
    {
      name: 'simulators-standalone',
      comment:
        "A simulator speaks the outside system's protocol and knows nothing of ours but that protocol's wire module (src/adapters/<system>/protocol.ts: paths, payload types, signature scheme).",
      severity: 'error',
      from: { path: '^src/simulators/' },
      to: { path: '^src/', pathNot: '^src/(simulators|lib)/|^src/adapters/[^/]+/(protocol|signature)\\.ts$' },
    },
    {
      name: 'scheduler-pure',
      comment: 'The planner is pure and self-contained.',
      severity: 'error',
      from: { path: '^src/scheduler/' },
      to: { path: '^src/', pathNot: '^src/(scheduler|types)/' },
    },
    {
      name: 'contract-neutral',
      comment: 'The contract module is neutral ground every layer may use.',
      severity: 'error',
      from: { path: '^src/contract/' },
      to: { path: '^src/', pathNot: '^src/(contract|lib)/' },
    },
    {
      name: 'lib-neutral',
      severity: 'error',
      from: { path: '^src/lib/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
