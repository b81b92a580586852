import { beforeAll, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, bearer } from './app.ts'
import { call, owner } from './booking-api.ts'

// PostgreSQL refuses a NUL character in text (the fuzz found 500s there, 404s on SQLite): a NUL in the path,
// the query, a JSON body or an API form is refused with 400 before it reaches a query, on both engines.
// A form part without a file name whose bytes are not UTF-8 is a malformed form (400), not a 500.

beforeAll(async () => {
  await migrateToLatest()
})

const refusal = { message: 'Request refused: text must not contain NUL characters', errors: {} }

test('a NUL in an API path, a query or a JSON body is refused with 400 and changes nothing', async () => {
  const olivia = await owner()
  expect(await call('GET', '/api/dogs/%00', olivia.token)).toEqual({ status: 400, body: refusal })
  expect(await call('GET', '/api/auth/google/calendar?sitterId=%00', olivia.token)).toEqual({ status: 400, body: refusal })
  expect((await call('POST', '/api/dogs', olivia.token, { name: 'Rex\u0000', breed: 'Pug' })).status).toBe(400)
  // A text field refuses it as a control character; any other string after its schema, naming the field.
  const controlInUrl = 'imageUrl must not contain control characters'
  expect(await call('DELETE', '/api/users/profile/gallery', olivia.token, { imageUrl: '/uploads/gallery/a\u0000.webp' })).toEqual({
    status: 400,
    body: { message: controlInUrl, errors: { imageUrl: [controlInUrl] } },
  })
  const nulPassword = 'password must not contain NUL characters'
  expect(await call('POST', '/api/auth/login', olivia.token, { email: 'olivia@example.com', password: 'secret\u0000' })).toEqual({
    status: 400,
    body: { message: nulPassword, errors: { password: [nulPassword] } },
  })
  expect(await db.selectFrom('dogs').select('id').where('ownerId', '=', olivia.id).execute()).toEqual([])
})

test('a NUL in a page address answers the 400 page', async () => {
  const response = await appRequest('/dogs/%00')
  expect(response.status).toBe(400)
  expect(response.headers.get('content-type')).toMatch(/text\/html/)
})

test('an API form field whose bytes are not UTF-8 is a malformed form: 400, not 500', async () => {
  const olivia = await owner()
  const boundary = 'fuzzboundary'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photo"\r\n\r\n`),
    Buffer.from([0x80]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const response = await appRequest('/api/users/profile/photo', {
    method: 'PATCH',
    headers: { ...bearer(olivia.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  })
  expect(response.status).toBe(400)
  expect(await response.json()).toMatchObject({ message: 'The form data could not be read' })
})
