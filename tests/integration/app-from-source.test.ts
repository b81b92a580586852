import { expect, test } from 'vitest'

// tests/integration/app.ts answers requests with the server build Vite makes from the source on disk
// (docs/decisions/037-tests-run-the-source.md): the handler's modules are the ones the fixtures and the
// tests import, so there is one database connection and one live hub per test file, and what a run tests
// is the code as it is now.

test('the request handler runs the very source modules the tests import, not a second copy', async () => {
  const build = await import('virtual:react-router/server-build')

  expect(build.entry.module).toBe(await import('#app/entry.server.tsx'))
  expect(build.routes['routes/home']?.module).toBe(await import('#app/routes/home.tsx'))
  expect(build.routes.login?.module).toBe(await import('#app/routes/auth.tsx'))
})
