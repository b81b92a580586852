import { beforeAll, describe, expect, test } from 'vitest'
import { db, isOneOf, migrateToLatest } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { insertUser } from './fixtures.ts'

// The queries every signed-in request asks are built and compiled by Kysely once (decision 089): each call
// binds only its own values, and a builder that would make the stand-ins' values part of the SQL is refused.

beforeAll(async () => {
  await migrateToLatest()
})

describe('a precompiled query', () => {
  test("answers each call with that call's values, built only at the first", async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const sam = await insertUser({ name: 'Sam Sitter' })
    const suspended = await insertUser({ name: 'Sid Suspended', accountStatus: 'suspended' })
    let builds = 0
    const nameOf = precompiledQuery((values: { email: string }) => {
      builds++
      return db.selectFrom('users').select('name').where('email', '=', values.email).where('accountStatus', '=', 'active')
    })

    expect(await nameOf({ email: olivia.email })).toEqual([{ name: 'Olivia Owner' }])
    expect(await nameOf({ email: sam.email })).toEqual([{ name: 'Sam Sitter' }])
    expect(await nameOf({ email: suspended.email })).toEqual([])
    expect(await nameOf({ email: 'nobody@example.com' })).toEqual([])
    // Twice at the first call (two sets of stand-ins to compare), never again.
    expect(builds).toBe(2)
  })

  test('takes a list of ids as one JSON value: the same SQL for any number of them, none included', async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const sam = await insertUser({ name: 'Sam Sitter' })
    await insertUser({ name: 'Nina Neighbour' })
    const namesAmong = precompiledQuery((values: { ids: string }) =>
      db.selectFrom('users').select('name').where((eb) => isOneOf(eb.ref('id'), values.ids)).orderBy('name'),
    )
    const names = async (ids: string[]) => (await namesAmong({ ids: JSON.stringify(ids) })).map((row) => row.name)

    expect(await names([olivia.id, sam.id])).toEqual(['Olivia Owner', 'Sam Sitter'])
    expect(await names([sam.id])).toEqual(['Sam Sitter'])
    expect(await names([])).toEqual([])
    expect(await names([`${olivia.id}", "x`, "'; drop table users; --", 'ü', '[]'])).toEqual([])
  })

  test('refuses a builder that changes a value before handing it to Kysely', async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const nameOf = precompiledQuery((values: { email: string }) => db.selectFrom('users').select('name').where('email', '=', values.email.toLowerCase()))
    await expect(nameOf({ email: olivia.email })).rejects.toThrow(/changes a value before handing it to Kysely \(parameter 1\)/)
  })

  test("refuses a builder whose SQL depends on a value", async () => {
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const nameOf = precompiledQuery((values: { email: string }) => {
      const query = db.selectFrom('users').select('name').where('email', '=', values.email)
      return values.email.includes(':1:') ? query.where('accountStatus', '=', 'active') : query
    })
    await expect(nameOf({ email: olivia.email })).rejects.toThrow(/SQL depends on its values/)
  })
})
