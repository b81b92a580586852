import { sql } from 'kysely'
import { expect, test } from 'vitest'
import { isConnectionFailure, isDatabaseUnavailable } from './database-unavailable.server.ts'
import { db, engine } from './db.server.ts'

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code })

test('a connection refused, reset, terminated or timed out, and the server shutting down or starting, are connection failures', () => {
  const failures = [
    withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
    withCode('read ECONNRESET', 'ECONNRESET'),
    new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    withCode('terminating connection due to administrator command', '57P01'),
    withCode('the database system is shutting down', '57P03'),
    withCode('connection failure', '08006'),
    withCode('sorry, too many clients already', '53300'),
    new Error('Connection terminated unexpectedly'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Client has encountered a connection error and is not queryable'),
  ]
  expect(failures.filter((error) => !isConnectionFailure(error)).map(String)).toEqual([])
})

test('a statement the database refused is not one: it stays the error it is', () => {
  const refusals = [
    withCode('duplicate key value violates unique constraint', '23505'),
    withCode('relation "nope" does not exist', '42P01'),
    withCode('canceling statement due to statement timeout', '57014'),
    withCode('SQLITE_BUSY: database is locked', 'SQLITE_BUSY'),
    new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    'Connection terminated',
    null,
  ]
  expect(refusals.filter(isConnectionFailure).map(String)).toEqual([])
})

test.runIf(engine === 'postgres')(
  'a connection the server drops while the app holds it between statements leaves the process running; its next statement is a database failure, and the pool connects afresh',
  async () => {
    const failure = await db.connection().execute(async (held) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held)
      const pid = rows[0]!.pid
      // Dropped as a restart drops it: the server ends the session while nothing runs on it.
      await sql`select pg_terminate_backend(${pid})`.execute(db)
      for (;;) {
        const { rows: left } = await sql<{ count: number }>`select count(*)::int as count from pg_stat_activity where pid = ${pid}`.execute(db)
        if (left[0]?.count === 0) break
      }
      // The server's goodbye reaches the held connection as an 'error' event (without a listener, a crash).
      await new Promise((resolve) => setTimeout(resolve, 100))
      return sql`select 1`.execute(held).then(
        () => null,
        (error: unknown) => error,
      )
    })
    expect(isDatabaseUnavailable(failure)).toBe(true)
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }])
  },
)
