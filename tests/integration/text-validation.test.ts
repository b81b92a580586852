import { afterAll, describe, expect, test } from 'vitest'
import { openDatabase } from '#app/lib/db.server.ts'
import { appRequest } from './app.ts'

// Text fields refuse control characters everywhere (registration, profiles, dogs, the support form),
// and a dog's age must read as an age. Through the production request handler, as a client sends them.
const db = openDatabase(process.env.DATABASE_URL!)

afterAll(async () => {
  await db.destroy()
})

type ApiError = { message: string; errors: Record<string, string[]> }

let ipCounter = 0
const nextIp = () => `198.51.100.${++ipCounter}`

function sendJson(path: string, method: string, body: unknown, token?: string) {
  return appRequest(path, {
    method,
    ip: nextIp(),
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  })
}

async function registered(name = 'Olivia Owner') {
  const email = `${crypto.randomUUID().slice(0, 8)}@example.com`
  const response = await sendJson('/api/auth/register', 'POST', { name, email, password: 'secret-123' })
  expect(response.status).toBe(201)
  const { user, accessToken } = (await response.json()) as { user: { id: string }; accessToken: string }
  return { id: user.id, email, token: accessToken }
}

const userRow = (id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const dogNamesOf = async (ownerId: string) =>
  (await db.selectFrom('dogs').select('name').where('ownerId', '=', ownerId).execute()).map((row) => row.name)

describe('control characters', () => {
  test('a name with a NUL character is refused at registration and no account is made', async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`

    const response = await sendJson('/api/auth/register', 'POST', { name: 'Eve\u0000', email, password: 'secret-123' })

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.name).toEqual(['Name must not contain control characters'])
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('a profile name with an escape character is refused and the saved name is kept', async () => {
    const user = await registered('Olivia Owner')

    const response = await sendJson(`/api/users/${user.id}`, 'PATCH', { name: 'Olivia \u001b[31mRed' }, user.token)

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.name).toEqual(['Name must not contain control characters'])
    expect((await userRow(user.id)).name).toBe('Olivia Owner')
  })

  test('a bio keeps its line breaks and tabs (CRLF stored as LF) but refuses other control characters', async () => {
    const user = await registered()

    const refused = await sendJson(`/api/users/${user.id}`, 'PATCH', { bio: 'Hello\u0007 there' }, user.token)
    const saved = await sendJson(`/api/users/${user.id}`, 'PATCH', { bio: 'Line one\r\n\tLine two' }, user.token)

    expect(refused.status).toBe(400)
    expect(((await refused.json()) as ApiError).errors.bio).toEqual(['Bio must not contain control characters'])
    expect(saved.status).toBe(200)
    expect((await userRow(user.id)).bio).toBe('Line one\n\tLine two')
  })

  test('a dog named with a NUL character is refused and not stored', async () => {
    const owner = await registered()

    const response = await sendJson('/api/dogs', 'POST', { name: 'Rex\u0000', breed: 'Beagle', age: '2 years' }, owner.token)

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.name).toEqual(['Name must not contain control characters'])
    expect(await dogNamesOf(owner.id)).toEqual([])
  })

  test('the support form refuses a subject with a control character and stores nothing', async () => {
    const subject = `Help\u0008 ${crypto.randomUUID()}`

    const response = await appRequest('/support', {
      method: 'POST',
      ip: nextIp(),
      body: new URLSearchParams({ email: 'someone@example.com', subject, message: 'Please call me.' }),
    })

    expect(response.status).toBe(400)
    expect(await db.selectFrom('supportRequests').select('id').where('subject', '=', subject).executeTakeFirst()).toBeUndefined()
  })
})

describe('half a surrogate pair', () => {
  // JSON can carry a lone surrogate ("\ud800"); stored, both databases would turn it into U+FFFD.
  test('a bio with a lone surrogate is refused and the saved bio is kept; a whole pair (an emoji) is stored as sent', async () => {
    const user = await registered()
    const kept = await sendJson(`/api/users/${user.id}`, 'PATCH', { bio: 'Loves long walks 🐕' }, user.token)

    const refused = await sendJson(`/api/users/${user.id}`, 'PATCH', { bio: 'Broken \ud83d text' }, user.token)

    expect(kept.status).toBe(200)
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as ApiError).errors.bio).toEqual(['Bio contains characters that are not allowed.'])
    expect((await userRow(user.id)).bio).toBe('Loves long walks \u{1F415}')
  })

  test('a name ending in the second half of a pair is refused at registration and no account is made', async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`

    const response = await sendJson('/api/auth/register', 'POST', { name: 'Eve \udc15', email, password: 'secret-123' })

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.name).toEqual(['Name contains characters that are not allowed.'])
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('a name with half a pair and a control or format character says each thing once', async () => {
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`

    const withFormat = await sendJson('/api/auth/register', 'POST', { name: 'Eve\u200B \ud800', email, password: 'secret-123' })
    const withControl = await sendJson('/api/auth/register', 'POST', { name: 'Eve\u0007 \ud800', email, password: 'secret-123' })

    expect(((await withFormat.json()) as ApiError).errors.name).toEqual(['Name contains characters that are not allowed.'])
    expect(((await withControl.json()) as ApiError).errors.name).toEqual(['Name must not contain control characters'])
  })
})

describe("a dog's age", () => {
  test('text that is not an age is refused as an age, even with a digit in it', async () => {
    const owner = await registered()

    const response = await sendJson('/api/dogs', 'POST', { name: 'Rex', breed: 'Beagle', age: "' OR 1=1 --" }, owner.token)

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.age).toEqual(['Please enter an age like "2 years" or "6 months"'])
    expect(await dogNamesOf(owner.id)).toEqual([])
  })

  test("'8 months', '2 years' and a bare '3' are stored with their months", async () => {
    const owner = await registered()

    for (const [name, age] of [['Pup', '8 months'], ['Rex', '2 years'], ['Max', '3']]) {
      expect((await sendJson('/api/dogs', 'POST', { name, breed: 'Beagle', age }, owner.token)).status).toBe(201)
    }

    const rows = await db.selectFrom('dogs').select(['name', 'ageMonths']).where('ownerId', '=', owner.id).orderBy('name').execute()
    expect(rows).toEqual([
      { name: 'Max', ageMonths: 36 },
      { name: 'Pup', ageMonths: 8 },
      { name: 'Rex', ageMonths: 24 },
    ])
  })
})

describe('invisible and direction-changing characters in names', () => {
  const refusedName = ['Name contains characters that are not allowed.']

  test.each([
    ['a right-to-left override', 'Eve\u202Egnp.exe'],
    ['a zero-width space', 'Ev\u200Be'],
    ['a first-strong isolate', '\u2068Eve'],
    ['a zero-width no-break space', 'Ev\uFEFFe'],
  ])('a name with %s is refused at registration and no account is made', async (_, name) => {
    const email = `${crypto.randomUUID().slice(0, 8)}@example.com`

    const response = await sendJson('/api/auth/register', 'POST', { name, email, password: 'secret-123' })

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.name).toEqual(refusedName)
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('a profile name with a left-to-right mark is refused and the saved name is kept', async () => {
    const user = await registered('Olivia Owner')

    const response = await sendJson(`/api/users/${user.id}`, 'PATCH', { name: 'Olivia\u200E Owner' }, user.token)

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.name).toEqual(refusedName)
    expect((await userRow(user.id)).name).toBe('Olivia Owner')
  })

  test('a dog named with an Arabic letter mark is refused and not stored', async () => {
    const owner = await registered()

    const response = await sendJson('/api/dogs', 'POST', { name: 'Rex\u061C', breed: 'Beagle', age: '2 years' }, owner.token)

    expect(response.status).toBe(400)
    expect(((await response.json()) as ApiError).errors.name).toEqual(refusedName)
    expect(await dogNamesOf(owner.id)).toEqual([])
  })

  test('the names of other scripts and accents are kept as typed', async () => {
    const user = await registered('Zoë Ångström')

    const response = await sendJson(`/api/users/${user.id}`, 'PATCH', { name: 'سارة 李雷' }, user.token)

    expect(response.status).toBe(200)
    expect((await userRow(user.id)).name).toBe('سارة 李雷')
  })
})
