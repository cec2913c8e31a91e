// The modules mutation testing is scoped to: the files whose silent bug would cost most, and the test
// files that are meant to catch it. Stryker runs one module at a time against only its tests, so a module's
// score says what its own tests catch (and a run stays within a 2-core machine's patience). A module's tests
// lie in one Jest project (jest.stryker.config.ts).
export const mutationModules = {
  'name rules': {
    mutate: ['contract/nameRules.ts'],
    tests: ['contract/nameRules.test.ts'],
  },
  'CSV reader': {
    mutate: ['src/features/bulkUpload/csvParseCore.ts', 'src/features/bulkUpload/fileText.ts'],
    // A mutant that stops the parser answering hangs its test until Jest gives up; 60 s each made the run
    // take an hour (41 such mutants). The module's tests take ~10 s together.
    timeoutMs: 20_000,
    tests: [
      'src/features/bulkUpload/csvParseCore.test.ts',
      'src/features/bulkUpload/fileText.test.ts',
      'src/features/bulkUpload/csvImportIntegrity.test.ts',
    ],
  },
  // The CSV row rules moved to contract/ (console and server both check them), so their tests run in the
  // server project: a module of their own.
  'CSV rows': {
    mutate: ['contract/csvRows.ts'],
    tests: ['contract/csvRows.test.ts', 'server/test/bulkImport.validation.test.ts'],
  },
  'import insert': {
    mutate: ['server/src/names/importInsert.ts', 'contract/bulkImportRows.ts', 'contract/namesInput.ts'],
    tests: [
      'server/test/bulkImport.routes.test.ts',
      'server/test/bulkImport.validation.test.ts',
      'server/test/names.validation.test.ts',
      // runs only with DATABASE_URL (two connections): the key order that keeps concurrent batches from deadlocking
      'server/test/importInsert.concurrency.test.ts',
    ],
  },
  'tokens, sessions, guard': {
    mutate: ['server/src/auth/tokens.ts', 'server/src/auth/sessions.ts', 'server/src/auth/guard.ts'],
    tests: [
      'server/test/tokens.test.ts',
      'server/test/tokens.kept.test.ts',
      'server/test/sessions.test.ts',
      'server/test/sessionChecks.test.ts',
      'server/test/guard.test.ts',
      'server/test/security.auth.test.ts',
    ],
  },
  'analytics figures and SQL': {
    mutate: [
      'server/src/analytics/figures.ts',
      'server/src/analytics/nameAnalytics.ts',
      'server/src/analytics/userAnalytics.ts',
      'server/src/analytics/totals.ts',
    ],
    tests: [
      'server/test/analytics.routes.test.ts',
      'server/test/analytics.boundaries.test.ts',
      'server/test/analytics.matchTotals.test.ts',
      'server/test/analytics.edges.test.ts',
    ],
  },
  'user-list filters (server)': {
    mutate: ['server/src/users/userList.ts'],
    tests: ['server/test/usersAudit.routes.test.ts', 'server/test/userList.query.test.ts'],
  },
  'user-list filters (console)': {
    mutate: ['src/features/users/usersQuery.ts'],
    tests: ['src/features/users/usersQuery.test.ts'],
  },
  'export escaping': {
    mutate: ['src/lib/export/csvWriter.ts'],
    tests: ['src/lib/export/csvWriter.test.ts'],
  },
  'session saga': {
    mutate: ['src/features/session/sessionSaga.ts'],
    tests: ['src/features/session/sessionSaga.test.ts', 'src/features/session/sessionEnd.test.ts'],
  },
};
