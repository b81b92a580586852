import { expect, test } from 'vitest'
import { openDatabase } from '#app/lib/db.server.ts'
import { appRequest, postJson } from './app.ts'

// DESIGN.md ruling 2: `both` really works; a sitter who adds a dog keeps the sitter side.
const db = openDatabase(process.env.DATABASE_URL!.slice('file:'.length))

test('a sitter who adds a dog becomes both owner and sitter', async () => {
  const email = `sitter-with-dog-${Date.now()}@example.com`
  const registered = await postJson('/api/auth/register', { name: 'Sid', email, password: 'secret-123' })
  const { user, accessToken } = (await registered.json()) as { user: { id: string }; accessToken: string }
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', user.id).execute()

  const form = new FormData()
  form.append('name', 'Pixel')
  form.append('breed', 'Beagle')
  form.append('age', '3 years')
  const created = await appRequest('/api/dogs', { method: 'POST', body: form, headers: { authorization: `Bearer ${accessToken}` } })
  expect(created.status).toBe(201)

  const row = await db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(row.role).toBe('both')
})
