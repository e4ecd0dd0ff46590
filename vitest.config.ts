import { defineConfig } from 'vitest/config';

// One run for every unit and route suite; the PostgreSQL copy of the server suites is added
// when TEST_DATABASE_URL points at a server (CI always sets it).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
// The Node 24 run (scripts/test-node24.mjs) leaves out suites whose subject is not the runtime,
// to keep .ci/run well inside its 30 minutes; `npm test` runs them on Node 20 against both databases: the
// input fuzzer, the operator commands (run through tsx), and the suites that kill or restart
// processes and wait for them — their subject is PostgreSQL's durability and our recovery, and
// together they took a third of the Node 24 run — and the plan tests (`*-plan.test.ts`), whose
// subject is what PostgreSQL's planner chooses for our statements, the same whichever Node sends
// them; each seeds a catalogue of its own.
const runtimeOnly = process.env.PP_NODE24_RUN === '1';
const notRuntime = [
  'apps/server/test/reliability/fuzz.test.ts',
  'apps/server/src/cli/*.test.ts',
  'apps/server/test/reliability/crash-consistency.test.ts',
  'apps/server/test/reliability/sigterm-under-load.test.ts',
  'apps/server/src/modules/imports/import-kill.test.ts',
  'apps/server/src/modules/webhooks/webhook-kill.test.ts',
  'apps/server/test/cluster/proxy.postgres-only.test.ts',
  'apps/server/src/**/*-plan.test.ts',
];

// The server suites run with isolate: false — every file of a project in one worker that keeps
// its module cache. Each file still builds its own app on its own fresh database (test-app.ts,
// test-database.ts); what the files shared before was nothing but the cost of importing the
// server again for each (~1.7 s a file, measured: 36 route files 140 s isolated, 76 s not).
// Globals stubbed in a test and spies are undone after each test, so none reaches the next file.
const sharedModules = { isolate: false, unstubGlobals: true, restoreMocks: true } as const;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/{src,test}/**/*.test.ts'],
          // Concurrency suites need real parallel connections; PGlite has one.
          exclude: ['apps/server/{src,test}/**/*.postgres-only.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...sharedModules,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['apps/server/{src,test}/**/*.test.ts'],
                exclude: [
                  'apps/server/{src,test}/**/*.pglite-only.test.ts',
                  ...(runtimeOnly ? notRuntime : []),
                ],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
                ...sharedModules,
              },
            },
          ]
        : []),
      {
        test: {
          // The CI smoke bench (ratios on a small PGlite database) and the bench harness's own tests.
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web',
    ],
  },
});
