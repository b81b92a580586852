// `npm run test:mutation [-- <module> ...]` (issue 28): StrykerJS mutates each guard module and runs the tests
// written for it, on SQLite and PostgreSQL (vitest.mutation.config.ts), so a refusal no test exercises shows
// up as a surviving mutant. Each module keeps its own incremental report in reports/mutation/, so a rerun
// tests only the mutants and tests that changed. A module under 90% fails the run. Its score and the
// equivalent mutants left alive are listed in docs/testing.md (Mutation testing).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Each guard module, and the test files that are its guard's proof. */
const guardModules: Record<string, string[]> = {
  'app/features/accounts/guards.server.ts': ['app/features/accounts/guards.server.test.ts', 'tests/integration/roles.test.ts', 'tests/integration/redirect-back.test.ts'],
  'app/features/accounts/roles.ts': ['app/features/accounts/roles.test.ts', 'tests/integration/roles.test.ts'],
  'app/lib/same-origin.server.ts': ['tests/integration/same-origin.test.ts'],
  'app/lib/credentials.server.ts': ['app/lib/credentials.server.test.ts', 'tests/integration/credentialed-requests.test.ts'],
  // The limiter's own tests: tests/integration/rate-limits.test.ts (its routes, with real password hashing) takes minutes a run.
  'app/lib/rate-limit.server.ts': ['tests/integration/rate-limit-windows.test.ts'],
  'app/features/bookings/create-booking.server.ts': [
    'tests/integration/booking-requests.test.ts',
    'tests/integration/booking-request-edges.test.ts',
    'tests/integration/blocks.test.ts',
  ],
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

/**
 * Equivalent mutants: the program behaves the same with them (checked by hand, issue 28), so no test can kill
 * them. Each is named by its module, a piece of the line it changes, the mutator and the code it puts in; they
 * are counted apart from the score, and one that no longer turns up (the code changed) is reported.
 */
type Equivalent = { module: string; line: string; mutator: string; replacement: string; why: string }
const equivalentMutants: Equivalent[] = [
  {
    module: 'app/lib/same-origin.server.ts',
    line: "headers.get('cookie') ?? ''",
    mutator: 'StringLiteral',
    replacement: '"Stryker was here!"',
    why: 'no stand-in for a missing Cookie header contains `__session=`',
  },
  ...['set this ${what} back to pending', 'cancel this ${what}'].map((phrase) => ({
    module: 'app/features/bookings/transitions.ts',
    line: phrase,
    mutator: 'StringLiteral',
    replacement: '``',
    why: "no move leads back to pending and either party may cancel, so 'Only the X can ...' is never said of them",
  })),
  ...[
    ['latitude + (metres', 'latitude - metres * Math.cos(bearing) / metresPerDegree'],
    ['longitude + (metres', 'longitude - metres * Math.sin(bearing) / (metresPerDegree * longitudeScale)'],
  ].map(([line, replacement]) => ({
    module: 'app/features/geo/location-privacy.server.ts',
    line: line!,
    mutator: 'ArithmeticOperator',
    replacement: replacement!,
    why: 'the public point mirrored through the home: a bearing as random as before',
  })),
  {
    module: 'app/features/geo/location-privacy.server.ts',
    line: 'const wrapLongitude',
    mutator: 'ArithmeticOperator',
    replacement: 'longitude - 180',
    why: 'the same longitude, 360 degrees round',
  },
  {
    module: 'app/features/geo/location-privacy.server.ts',
    line: "deriveKey('public-location-point')",
    mutator: 'StringLiteral',
    replacement: '""',
    why: 'another label derives a key just as secret',
  },
  ...['OptionalChaining', 'StringLiteral'].map((mutator) => ({
    module: 'app/features/bookings/booking-rules.server.ts',
    line: 'const dayName = weekdays.find',
    mutator,
    replacement: mutator === 'OptionalChaining' ? 'weekdays.find(day => day.value === weekday).label' : '""',
    why: 'every ISO weekday (1-7) is in the list, so the fallback is never reached',
  })),
  {
    module: 'app/features/bookings/booking-rules.server.ts',
    line: 'export const serializeSitterBookings',
    mutator: 'StringLiteral',
    replacement: '``',
    why: "one lock for every sitter's bookings: writers wait longer, the outcome is the same",
  },
  {
    module: 'app/features/bookings/create-booking.server.ts',
    line: "serviceNotOffered(request.service ?? 'this service')",
    mutator: 'StringLiteral',
    replacement: '""',
    why: 'without a service asked for, the default is one the sitter offers, so the fallback name is never said',
  },
  {
    module: 'app/features/bookings/create-booking.server.ts',
    line: 'if (error instanceof BlockRefusal)',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'only a failing database throws anything else inside the transaction',
  },
  ...[
    ['ConditionalExpression', 'false'],
    ['StringLiteral', '``'],
  ].map(([mutator, replacement]) => ({
    module: 'app/features/bookings/create-booking.server.ts',
    line: 'if (!owner) throw new Error',
    mutator: mutator!,
    replacement: replacement!,
    why: 'the requester is the signed-in user, whose row exists',
  })),
  ...[
    ['ConditionalExpression', 'false'],
    ['LogicalOperator', '!owner && !sitter'],
    ['StringLiteral', '""'],
  ].map(([mutator, replacement]) => ({
    module: 'app/features/bookings/create-booking.server.ts',
    line: 'if (!owner || !sitter) return refuse',
    mutator: mutator!,
    replacement: replacement!,
    why: "a dog available for sitting has an active owner, and the offering sitter is the signed-in user",
  })),
  {
    module: 'app/lib/rate-limit.server.ts',
    line: "super('rate limit window full')",
    mutator: 'StringLiteral',
    replacement: '""',
    why: 'the message of an error that is always caught and never shown',
  },
  ...[
    ['ArrowFunction', '() => undefined'],
    ['ConditionalExpression', 'true'],
    ['ConditionalExpression', 'false'],
    ['LogicalOperator', 'takesInLine.get(keys) === settled || takesInLine.delete(keys)'],
    ['EqualityOperator', 'takesInLine.get(keys) !== settled'],
  ].map(([mutator, replacement]) => ({
    module: 'app/lib/rate-limit.server.ts',
    line: 'void settled.then(() => takesInLine.get(keys) === settled',
    mutator: mutator!,
    replacement: replacement!,
    why: 'forgetting a finished line only frees memory: a later take starts at once either way, or after a settled one',
  })),
  {
    module: 'app/lib/rate-limit.server.ts',
    line: 'return inLine(JSON.stringify(claims.map(',
    mutator: 'ArrowFunction',
    replacement: '() => undefined',
    why: 'every take of the process in one line: takes wait longer, the counts are the same',
  },
  ...[
    ['ArrowFunction', '() => undefined'],
    ['StringLiteral', '``'],
  ].map(([mutator, replacement]) => ({
    module: 'app/lib/rate-limit.server.ts',
    line: 'await serializeOn(trx, claims.map(',
    mutator: mutator!,
    replacement: replacement!,
    why: 'one lock for every key: writers wait longer, the counts are the same',
  })),
  {
    module: 'app/lib/rate-limit.server.ts',
    line: 'if (error instanceof WindowFull)',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'only a failing database throws anything else inside the transaction',
  },
  {
    module: 'app/features/bookings/status-change.server.ts',
    line: "if (from === 'cancelled' && booking.statusReason === expiredReason",
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: "only a cancellation carries the reason 'expired'",
  },
  {
    module: 'app/features/bookings/status-change.server.ts',
    line: "if (change.status === 'accepted') await serializeSitterBookings",
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'an extra lock on other moves: the same outcome',
  },
  {
    module: 'app/features/bookings/status-change.server.ts',
    line: 'const addToCalendar = ',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'its one reader (the calendar subscriber) reads it on acceptances alone',
  },
  ...[
    ['ConditionalExpression', 'false'],
    ['StringLiteral', '""'],
  ].map(([mutator, replacement]) => ({
    module: 'app/features/bookings/status-change.server.ts',
    line: "change.status === 'pending' ? 'requested'",
    mutator: mutator!,
    replacement: replacement!,
    why: 'no move leads to pending (decideTransition refuses it first)',
  })),
  {
    module: 'app/features/bookings/status-change.server.ts',
    line: 'if (error instanceof Refusal)',
    mutator: 'ConditionalExpression',
    replacement: 'true',
    why: 'only a failing database throws anything else inside the transaction',
  },
  {
    module: 'app/features/bookings/status-change.server.ts',
    line: 'function expressionForBooking',
    mutator: 'BlockStatement',
    replacement: '{}',
    why: 'the sweep then expires every stale request, this one included: the same answer (the scope only spares work)',
  },
]

const asked = process.argv.slice(2)
const unknown = asked.filter((module) => !(module in guardModules))
if (unknown.length > 0) {
  console.error(`Not a guard module: ${unknown.join(', ')}. The guard modules: ${Object.keys(guardModules).join(', ')}`)
  process.exit(1)
}

type MutantResult = { status: string; static?: boolean; mutatorName: string; replacement: string; location: { start: { line: number } } }
const isAlive = (mutant: MutantResult) => ['Survived', 'NoCoverage'].includes(mutant.status)
type Report = { files: Record<string, { source: string; mutants: MutantResult[] }> }

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
  if (run.status !== 0 || !existsSync(report)) {
    failed = true
    scores.push(`${module}: not measured (Stryker failed)`)
    continue
  }
  const { files } = JSON.parse(readFileSync(report, 'utf8')) as Report
  const { source, mutants: everyMutant } = Object.values(files)[0]!
  const lines = source.split('\n')
  const equivalents = equivalentMutants.filter((equivalent) => equivalent.module === module)
  // Only a mutant left alive can be one of them: a killed one with the same description is another mutant.
  const equivalentOf = (mutant: MutantResult) =>
    equivalents.find(
      (equivalent) =>
        isAlive(mutant) &&
        equivalent.mutator === mutant.mutatorName &&
        equivalent.replacement === mutant.replacement &&
        lines[mutant.location.start.line - 1]!.includes(equivalent.line),
    )
  // A static mutant changes a module-level value, evaluated once at import. The vitest runner does not always
  // activate them in this project: `retryAfterHeaders = () => undefined` survives rate-limit-windows.test.ts,
  // which fails when the function is changed by hand. So a static mutant counts when it is killed, and one
  // left alive is counted apart rather than as a survivor.
  const counted = everyMutant.filter((mutant) => !equivalentOf(mutant) && !(mutant.static && isAlive(mutant)))
  const equivalentCount = everyMutant.filter((mutant) => equivalentOf(mutant)).length
  const staticAlive = everyMutant.filter((mutant) => mutant.static && isAlive(mutant) && !equivalentOf(mutant)).length
  for (const equivalent of equivalents.filter((equivalent) => !everyMutant.some((mutant) => equivalentOf(mutant) === equivalent))) {
    console.warn(`No longer found, remove it from equivalentMutants: ${module} ${equivalent.mutator} '${equivalent.replacement}' on '${equivalent.line}'`)
  }
  const detected = counted.filter((mutant) => ['Killed', 'Timeout'].includes(mutant.status)).length
  const valid = detected + counted.filter(isAlive).length
  const score = (100 * detected) / valid
  if (score < 90) failed = true
  scores.push(
    `${module}: ${score.toFixed(1)}% (${detected} of ${valid} mutants killed; apart: ${equivalentCount} equivalent, ${staticAlive} static ones left alive)`,
  )
}
console.info(`\nMutation scores:\n${scores.join('\n')}`)
process.exitCode = failed ? 1 : 0
