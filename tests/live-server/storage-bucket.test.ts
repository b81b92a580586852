import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '#app/lib/db-schema.ts'
import { bucketStorage } from '#app/lib/storage/bucket-storage.server.ts'
import type { FileStorage } from '#app/lib/storage/file-storage.ts'
import { type RunningPostgres, startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { type RunningS3Server, startS3Server } from '#tests/s3-server.ts'
import { type ServerProcess, startServerProcess } from '#tests/server-process.ts'

// Two `node server.ts` instances, each with its own local UPLOAD_DIR, sharing one PostgreSQL and one
// S3-compatible bucket (s3rver from node_modules, decision 067): whatever one stores, the other serves and
// deletes, and an unlisted dog's photo stays its owner's through either.

let postgres: RunningPostgres
let s3: RunningS3Server
let bucket: FileStorage
let db: Kysely<Database>
let a: ServerProcess
let b: ServerProcess
const directoryOf = (name: string) => path.resolve('tests/.tmp', `storage-bucket-${name}-${process.pid}`)

beforeAll(async () => {
  ;[postgres, s3] = await Promise.all([startEmbeddedPostgres(directoryOf('postgres')), startS3Server(directoryOf('s3'))])
  bucket = bucketStorage(s3.bucket)
  const environment = { DATABASE_URL: `${postgres.url}/postgres`, SESSION_SECRET: randomBytes(32).toString('hex'), ...s3.environment }
  // server-process.ts gives each instance its own UPLOAD_DIR inside its directory.
  const start = (name: string) => startServerProcess({ root: process.cwd(), directory: directoryOf(name), environment })
  ;[a, b] = await Promise.all([start('a'), start('b')])
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: environment.DATABASE_URL, max: 2 }) }) })
})

afterAll(async () => {
  await db?.destroy()
  await Promise.all([a?.dispose(), b?.dispose()])
  await Promise.all([postgres?.stop(), s3?.stop().catch(() => {})]) // the last test stops the bucket's server already
})

let accounts = 0

async function register(server: ServerProcess) {
  accounts += 1
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Owner ${accounts}`, email: `bucket-${accounts}-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'correct horse battery' }),
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { accessToken: string }).accessToken
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** A new, unlisted dog with one photo, added through `server`'s API; its photo's base path and bucket folder. */
async function dogWithPhoto(server: ServerProcess, token: string) {
  const jpeg = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7d44' } }).jpeg().toBuffer()
  const form = new FormData()
  for (const [field, value] of Object.entries({ name: 'Rex', breed: 'Beagle', age: '2 years' })) form.append(field, value)
  form.append('images', new File([jpeg], 'rex.jpg', { type: 'image/jpeg' }))
  const response = await fetch(`${server.url}/api/dogs`, { method: 'POST', headers: bearer(token), body: form })
  expect(response.status).toBe(201)
  const dog = (await response.json()) as { id: string; images: string[] }
  const basePath = new URL(dog.images[0]!, server.url).pathname
  const folder = `${path.posix.dirname(basePath.slice('/uploads/'.length))}/`
  return { id: dog.id, basePath, folder }
}

/** The files in an instance's own UPLOAD_DIR. */
const filesInFolderOf = (name: string) => {
  const folder = path.join(directoryOf(name), 'uploads')
  return existsSync(folder) ? readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : []
}

describe('two instances with their own folders and one bucket', () => {
  test('a photo uploaded through A is stored in the bucket, not in A\'s folder, and served through B', async () => {
    const token = await register(a)
    const { id, basePath, folder } = await dogWithPhoto(a, token)
    expect(await bucket.list(folder)).toEqual([160, 320, 800].map((size) => `${basePath.slice('/uploads/'.length)}-${size}.webp`))
    expect(filesInFolderOf('a')).toEqual([])

    await db.updateTable('dogs').set({ listedForSitting: 1 }).where('id', '=', id).execute()
    const throughB = await fetch(`${b.url}${basePath}-320.webp`)
    expect(throughB.status).toBe(200)
    expect(throughB.headers.get('content-type')).toBe('image/webp')
    expect(throughB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const stored = await bucket.get(`${basePath.slice('/uploads/'.length)}-320.webp`)
    const storedBytes = Buffer.concat(await stored!.body.toArray())
    expect(Buffer.from(await throughB.arrayBuffer())).toEqual(storedBytes)

    // Both instances name the bucket's version alike: a cache revalidating through A keeps B's copy.
    const etag = throughB.headers.get('etag')!
    expect((await fetch(`${a.url}${basePath}-320.webp`, { headers: { 'if-none-match': etag } })).status).toBe(304)
    const head = await fetch(`${a.url}${basePath}-320.webp`, { method: 'HEAD' })
    expect({ status: head.status, length: head.headers.get('content-length') }).toEqual({ status: 200, length: String(storedBytes.length) })
  })

  test("an unlisted dog's photo is 404 to a stranger through either instance and private to its owner through both", async () => {
    const owner = await register(a)
    const stranger = await register(b)
    const { basePath } = await dogWithPhoto(a, owner)
    for (const server of [a, b]) {
      expect((await fetch(`${server.url}${basePath}`)).status).toBe(404)
      expect((await fetch(`${server.url}${basePath}`, { headers: bearer(stranger) })).status).toBe(404)
      const owners = await fetch(`${server.url}${basePath}`, { headers: bearer(owner) })
      expect(owners.status).toBe(200)
      expect(owners.headers.get('cache-control')).toBe('private, max-age=3600')
      expect(await sharp(Buffer.from(await owners.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 800 })
    }
  })

  test('a dog deleted through B takes its photo files out of the bucket', async () => {
    const token = await register(a)
    const { id, folder } = await dogWithPhoto(a, token)
    expect(await bucket.list(folder)).toHaveLength(3)
    const deleted = await fetch(`${b.url}/api/dogs/${id}`, { method: 'DELETE', headers: bearer(token) })
    expect(deleted.ok).toBe(true)
    expect(await bucket.list(folder)).toEqual([])
  })

  test('with the bucket gone, /readyz answers 503 naming the storage while /healthz (alive) stays 200', async () => {
    for (const server of [a, b]) expect(await (await fetch(`${server.url}/readyz`)).text()).toBe('ok')
    await s3.stop()
    for (const server of [a, b]) {
      const ready = await fetch(`${server.url}/readyz`)
      expect({ status: ready.status, body: await ready.text() }).toEqual({ status: 503, body: 'storage unavailable' })
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
    }
  })
})
