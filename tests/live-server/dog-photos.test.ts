import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type LiveServer, registerAccount, signInWithCookie, startLiveServer } from './live-server.ts'

// A dog's photo over real HTTP (decision 061): server.ts asks the app who may have the file before it
// sends it. The integration test asks uploadAccess itself; this one proves the server process uses the
// answer: 404 for a stranger, a private copy for the owner, and a public one once the dog is listed.
let server: LiveServer

beforeAll(async () => {
  server = await startLiveServer('dog-photos')
})

afterAll(() => server.dispose())

/** A dog with one photo, added through the dog form by a signed-in owner; unlisted, as every new dog is. */
async function ownerWithDogPhoto() {
  const cookie = await signInWithCookie(server, await registerAccount(server))
  const name = `Rex ${crypto.randomUUID().slice(0, 8)}`
  const form = new FormData()
  for (const [field, value] of Object.entries({ intent: 'save', name, breed: 'Beagle', age: '2 years' })) form.append(field, value)
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c47a3a' } })
    .jpeg()
    .toBuffer()
  form.append('images', new File([jpeg], 'rex.jpg', { type: 'image/jpeg' }))
  const added = await fetch(`${server.url}/dogs/add`, { method: 'POST', redirect: 'manual', headers: { cookie, origin: server.url }, body: form })
  expect(added.status).toBe(302)
  const dog = await server.db.selectFrom('dogs').select(['id', 'listedForSitting']).where('name', '=', name).executeTakeFirstOrThrow()
  const image = await server.db.selectFrom('dogImages').select('path').where('dogId', '=', dog.id).executeTakeFirstOrThrow()
  expect(dog.listedForSitting).toBe(0)
  return { cookie, dogId: dog.id, photoUrl: `${server.url}${image.path}` }
}

test("an unlisted dog's photo is 404 without a session and for another user, and private for its owner", async () => {
  const { cookie, photoUrl } = await ownerWithDogPhoto()
  const stranger = await signInWithCookie(server, await registerAccount(server))

  const anonymous = await fetch(photoUrl)
  expect(anonymous.status).toBe(404)
  expect(await anonymous.text()).toBe('Not found')
  expect((await fetch(photoUrl, { headers: { cookie: stranger } })).status).toBe(404)

  const owners = await fetch(photoUrl, { headers: { cookie } })
  expect(owners.status).toBe(200)
  expect(owners.headers.get('content-type')).toBe('image/webp')
  expect(owners.headers.get('cache-control')).toContain('private')
  expect(await sharp(Buffer.from(await owners.arrayBuffer())).metadata()).toMatchObject({ format: 'webp' })
})

test("a listed dog's photo goes to anyone, as a public answer", async () => {
  const { dogId, photoUrl } = await ownerWithDogPhoto()
  await server.db.updateTable('dogs').set({ listedForSitting: 1 }).where('id', '=', dogId).execute()

  const anonymous = await fetch(photoUrl)
  expect(anonymous.status).toBe(200)
  expect(anonymous.headers.get('cache-control')).toContain('public')
  expect(anonymous.headers.get('cache-control')).not.toContain('private')
  expect(await sharp(Buffer.from(await anonymous.arrayBuffer())).metadata()).toMatchObject({ format: 'webp' })
})

test("a listed dog's photo URL is named by the bytes it serves: the SHA-256 of its 160, 320 and 800 px files (decisions 077, 094), immutable", async () => {
  const { dogId, photoUrl } = await ownerWithDogPhoto()
  await server.db.updateTable('dogs').set({ listedForSitting: 1 }).where('id', '=', dogId).execute()

  const answers = await Promise.all([160, 320, 800].map((size) => fetch(`${photoUrl}-${size}.webp`)))
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
  for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  const served = createHash('sha256')
  for (const answer of answers) served.update(Buffer.from(await answer.arrayBuffer()))
  expect(photoUrl.split('/').at(-1)).toBe(served.digest('hex').slice(0, 24))
})
