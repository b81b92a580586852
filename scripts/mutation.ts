// `npm run test:mutation [-- <module> ...]` (issue 28): StrykerJS mutates each guard module and runs the tests
// written for it, on SQLite and PostgreSQL (vitest.mutation.config.ts), so a refusal no test exercises shows
// up as a surviving mutant. Each module keeps its own incremental report in reports/mutation/, so a rerun
// tests only the mutants and tests that changed. A module under 90% fails the run. Its score and the
// equivalent mutants left alive are listed in the README (Test it).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'

/** Each guard module, and the test files that are its guard's proof. */
const guardModules: Record<string, string[]> = {
  'app/features/accounts/guards.server.ts': ['app/features/accounts/guards.server.test.ts', 'tests/integration/roles.test.ts', 'tests/integration/redirect-back.test.ts'],
  'app/features/accounts/roles.ts': ['app/features/accounts/roles.test.ts', 'tests/integration/roles.test.ts'],
  'app/lib/same-origin.server.ts': ['tests/integration/same-origin.test.ts'],
  'app/lib/credentials.server.ts': ['app/lib/credentials.server.test.ts', 'tests/integration/credentialed-requests.test.ts'],
  'app/lib/rate-limit.server.ts': ['tests/integration/rate-limits.test.ts'],
  'app/features/bookings/create-booking.server.ts': ['tests/integration/booking-requests.test.ts', 'tests/integration/blocks.test.ts'],
  'app/features/bookings/transitions.ts': ['tests/integration/booking-status.test.ts'],
  'app/features/bookings/status-change.server.ts': ['tests/integration/booking-status.test.ts', 'tests/integration/booking-calendar.test.ts'],
  'app/features/bookings/booking-rules.server.ts': [
    'app/features/bookings/booking-rules.server.test.ts',
    'tests/integration/booking-overlaps.test.ts',
    'tests/integration/booking-requests.test.ts',
    'tests/integration/booking-status.test.ts',
  ],
  'app/features/geo/location-privacy.server.ts': ['app/features/geo/location-privacy.server.test.ts'],
}

// Equivalent mutants left alive on purpose (the program behaves the same; checked by hand, issue 28):
// - same-origin.server.ts `headers.get('cookie') ?? ''` -> any other string: no stand-in contains `__session=`.
// - transitions.ts the `doing` phrasings of 'pending' and 'cancelled': no move leads back to pending and either
//   party may cancel, so 'Only the X can ...' is never said of them; they keep the table whole for the next move.
// - status-change.server.ts:
//   - `from === 'cancelled'` in the expiry check: only a cancellation carries the reason 'expired'.
//   - `if (change.status === 'accepted') serializeSitterBookings(...)` -> always: an extra lock, same outcome.
//   - `addToCalendar` recorded for every move rather than acceptances only: its one reader (calendar
//     subscriber) reads it on acceptances alone.
//   - `change.status === 'pending' ? 'requested' : ...`: no move leads to pending (decideTransition refuses it).
//   - `error instanceof Refusal` -> true: only a failing database throws anything else.
//   - `expressionForBooking` -> undefined: the sweep then expires every stale request, not only this one; the
//     answer is the same (the scope only spares work).
// - location-privacy.server.ts:
//   - `latitude + offset` / `longitude + offset` -> `-`: the public point mirrored through the home, as random
//     a bearing as before.
//   - wrapLongitude's `+ 180` -> `- 180`: the same longitude, 360 degrees round.
//   - deriveKey('public-location-point') -> deriveKey(''): another label, a key as secret.
const asked = process.argv.slice(2)
const unknown = asked.filter((module) => !(module in guardModules))
if (unknown.length > 0) {
  console.error(`Not a guard module: ${unknown.join(', ')}. The guard modules: ${Object.keys(guardModules).join(', ')}`)
  process.exit(1)
}

type MutantResult = { status: string; static?: boolean }
type Report = { files: Record<string, { mutants: MutantResult[] }> }

const scores: string[] = []
let failed = false
for (const module of asked.length > 0 ? asked : Object.keys(guardModules)) {
  const name = path.basename(module).replace(/\.(server\.)?ts$/, '')
  const report = `reports/mutation/${name}.json`
  const run = spawnSync(
    'npx',
    ['--no-install', 'stryker', 'run', '--mutate', module, '--testFiles', guardModules[module]!.join(','), '--incrementalFile', report],
    { stdio: 'inherit' },
  )
  if (run.status !== 0) failed = true
  const { files } = JSON.parse(readFileSync(report, 'utf8')) as Report
  // A static mutant changes a module-level value, evaluated once at import. The vitest runner does not
  // activate them in this project (`isAppCookie = () => undefined` in credentials.server.ts survived a unit
  // test that fails without it), so they are counted apart rather than as survivors.
  const everyMutant = Object.values(files).flatMap((file) => file.mutants)
  const mutants = everyMutant.filter((mutant) => !mutant.static)
  const notRun = everyMutant.length - mutants.length
  const count = (...statuses: string[]) => mutants.filter((mutant) => statuses.includes(mutant.status)).length
  const detected = count('Killed', 'Timeout')
  const valid = detected + count('Survived', 'NoCoverage')
  const score = (100 * detected) / valid
  if (score < 90) failed = true
  scores.push(`${module}: ${score.toFixed(1)}% (${detected} of ${valid} mutants killed; ${notRun} static ones not run)`)
}
console.info(`\nMutation scores:\n${scores.join('\n')}`)
process.exitCode = failed ? 1 : 0
