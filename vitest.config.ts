import { reactRouter } from '@react-router/dev/vite'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'

// Every test runs the code on disk (docs/decisions/037-tests-run-the-source.md), against a fresh database per
// test file (tests/setup.ts): the 'app' project on SQLite, 'app-postgres' the same files on PostgreSQL
// (decision 044).
const appTests = ['app/**/*.test.ts', 'tests/integration/**/*.test.ts', 'db/**/*.test.ts']

export default defineConfig({
  // The app's server build is made from source through Vite (tests/integration/app.ts), so the request
  // handler, the fixtures and the tests share one copy of every module. At the root, not in the 'app'
  // project: a project left out by `--project` would leave the plugin's file watchers open at exit.
  plugins: [reactRouter(), withoutModuleConditionInWorkers()],
  test: {
    setupFiles: ['tests/setup.ts'],
    pool: 'forks',
    // A worker for every core: Vitest's default leaves one to its main process, which on a two-core machine ran the
    // files one at a time while the main process, nearly idle, kept the other core (decision 111).
    maxWorkers: '100%',
    testTimeout: 20_000,
    // Starting the app or the server process takes seconds, many more on a machine shared with other test runs.
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'app', include: appTests },
      },
      {
        extends: true,
        test: { name: 'app-postgres', include: appTests, globalSetup: ['tests/postgres-server.ts'] },
      },
      {
        // `node server.ts` as a real process serves build/: it is rebuilt first when any source is newer.
        extends: true,
        test: { name: 'live-server', include: ['tests/live-server/**/*.test.ts'], globalSetup: ['tests/fresh-build.ts'] },
      },
    ],
  },
})

/**
 * Vitest starts its workers with `--conditions` for every server condition, and React Router's plugin adds
 * 'module', which Node then follows into packages' bundler-only builds: the AWS SDK's `dist-es` imports files
 * without their extension and fails to load (decision 067). Node's own conditions are enough for the workers.
 */
function withoutModuleConditionInWorkers(): Plugin {
  return {
    name: 'without-module-condition-in-workers',
    configResolved(config) {
      const resolve = config.ssr.resolve
      if (resolve?.conditions) resolve.conditions = resolve.conditions.filter((condition) => condition !== 'module')
    },
  }
}
