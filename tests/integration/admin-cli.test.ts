import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { beforeAll, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { apiTokenFor, insertSitter, insertUser, userRow } from './fixtures.ts'

// `npm run admin -- grant|revoke <email>` (issue 30, decision 063): the real script as its own process, on
// this file's database (SQLite in the 'app' project, PostgreSQL in 'app-postgres').

beforeAll(() => migrateToLatest())

async function runAdmin(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['scripts/admin.ts', ...args], { env: process.env })
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() }
  } catch (error) {
    const failed = error as { code?: number; stdout: string; stderr: string }
    return { code: failed.code ?? -1, stdout: failed.stdout.trim(), stderr: failed.stderr.trim() }
  }
}

const sessionCount = async (userId: string) =>
  Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).executeTakeFirstOrThrow()).count)

test('grant makes an owner an admin, says what they were, and ends their sessions', async () => {
  const owner = await insertUser({ role: 'owner', email: 'grant-me@pawpal.test' })
  await apiTokenFor(owner)

  const run = await runAdmin('grant', 'Grant-Me@pawpal.test')

  expect(run).toEqual({ code: 0, stdout: 'grant-me@pawpal.test is now an admin (was Dog Owner)', stderr: '' })
  expect((await userRow(owner.id)).role).toBe('admin')
  expect(await sessionCount(owner.id)).toBe(0)
})

test('revoke makes an admin an owner again', async () => {
  const admin = await insertUser({ role: 'admin', email: 'revoke-me@pawpal.test' })

  const run = await runAdmin('revoke', 'revoke-me@pawpal.test')

  expect(run).toEqual({ code: 0, stdout: 'revoke-me@pawpal.test is no longer an admin (now Dog Owner)', stderr: '' })
  expect((await userRow(admin.id)).role).toBe('owner')
})

test('revoke leaves an account that is no admin as it was', async () => {
  const sitter = await insertSitter({ email: 'still-sitter@pawpal.test' })

  const run = await runAdmin('revoke', 'still-sitter@pawpal.test')

  expect(run).toEqual({ code: 0, stdout: 'still-sitter@pawpal.test is not an admin (Dog Sitter): nothing changed', stderr: '' })
  expect((await userRow(sitter.id)).role).toBe('sitter')
})

test('an unknown e-mail exits 1 and names it', async () => {
  const run = await runAdmin('grant', 'nobody@pawpal.test')

  expect(run).toEqual({ code: 1, stdout: '', stderr: 'No account with the e-mail nobody@pawpal.test' })
})

test('a command it does not know exits 1 with the usage line and changes nothing', async () => {
  const owner = await insertUser({ role: 'owner', email: 'not-promoted@pawpal.test' })

  const runs = [await runAdmin('promote', 'not-promoted@pawpal.test'), await runAdmin('grant'), await runAdmin('grant', 'not-promoted@pawpal.test', 'extra')]

  for (const run of runs) {
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('Usage: npm run admin -- grant <email> | revoke <email>')
  }
  expect((await userRow(owner.id)).role).toBe('owner')
})
