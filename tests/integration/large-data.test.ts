import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, expect, test } from 'vitest'

// `npm run db:seed:large` (issue 9): the benchmarks' data set is the same rows on every run, so figures
// taken on different days compare. Two small runs of the real command into two files hold equal tables.

const directory = mkdtempSync(path.join(tmpdir(), 'pawpal-large-data-'))
afterAll(() => rmSync(directory, { recursive: true, force: true }))

async function seedInto(file: string) {
  await promisify(execFile)(process.execPath, ['db/seed-large.ts', '--database', file, '--zurich', '120', '--country', '180'], {
    env: { ...process.env, DATABASE_URL: undefined },
  })
  const database = new Database(file, { readonly: true })
  try {
    const table = (name: string, order: string) => database.prepare(`select * from "${name}" order by ${order}`).all()
    return {
      users: table('users', 'id'),
      sitterProfiles: table('sitterProfiles', 'userId'),
      sitterServices: table('sitterServices', 'sitterId, service'),
      reviews: table('reviews', 'id'),
    }
  } finally {
    database.close()
  }
}

test('the large data set is the same rows on every run', { timeout: 60_000 }, async () => {
  const first = await seedInto(path.join(directory, 'first.db'))
  const second = await seedInto(path.join(directory, 'second.db'))

  expect(first.users.filter((user) => (user as { role: string }).role === 'sitter')).toHaveLength(300)
  expect(first.reviews.length).toBeGreaterThan(0)
  expect(second).toEqual(first)
})

test('the large data set\'s reviews are published, so they count in the ratings (DESIGN.md ruling 26)', { timeout: 60_000 }, async () => {
  const { reviews } = await seedInto(path.join(directory, 'published.db'))

  expect(reviews.length).toBeGreaterThan(0)
  for (const review of reviews as { createdAt: string; publishedAt: string | null; windowEndsAt: string }[]) {
    expect(review).toMatchObject({ publishedAt: review.createdAt, windowEndsAt: review.createdAt })
  }
})
