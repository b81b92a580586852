import { beforeAll, expect, test, vi } from 'vitest'
import type * as sessions from '#app/features/accounts/session.server.ts'
import { migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest } from './app.ts'
import { insertUser } from './fixtures.ts'

// The second lock on the shared copy: whatever a request looked like to the cache, a page rendered for a
// signed-in user is never kept. Here a way of signing in the cache does not know of (a header of its own)
// stands for the next door someone adds to the accounts feature without telling the cache.
const anotherDoor = 'x-another-door'

vi.mock('#app/features/accounts/session.server.ts', async (importOriginal) => {
  const original = await importOriginal<typeof sessions>()
  return {
    ...original,
    readSessionId: async (request: Request) => {
      const id = request.headers.get(anotherDoor)
      return id ? { id, kind: 'token' as const } : original.readSessionId(request)
    },
  }
})

beforeAll(async () => {
  await migrateToLatest()
})

test('a page rendered for a signed-in user is never kept, even when the request looked anonymous to the shared copy', async () => {
  const { createSession } = await import('#app/features/accounts/session.server.ts')
  const user = await insertUser({ name: 'Quinn Probe', email: 'quinn.probe@example.com' })
  const session = await createSession(user.id, 'token', 'vitest')

  const signedIn = await appRequest('/support', { headers: { [anotherDoor]: session.id } })
  expect(await signedIn.text()).toContain(user.email)
  expect(signedIn.headers.get('cache-control')).toBe('private, no-cache')

  const anonymous = await (await appRequest('/support')).text()
  for (const secret of [user.id, user.name, user.email]) expect(anonymous, secret).not.toContain(secret)
})
