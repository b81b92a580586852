import { readdirSync, readFileSync } from 'node:fs'
import { request } from 'node:http'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type LiveServer, registerAccount, signInWithCookie, startLiveServer } from './live-server.ts'

// Decision 088: the build writes every script and stylesheet also brotli- and gzip-compressed beside it, and the
// server sends the copy the client takes, as it is, rather than compressing the file on every request.

let server: LiveServer
const assets = path.resolve('build/client/assets')
const stylesheet = readdirSync(assets).find((name) => /^shell-.*\.css$/.test(name))!
const original = readFileSync(path.join(assets, stylesheet))

beforeAll(async () => {
  server = await startLiveServer('precompressed-assets')
})

afterAll(async () => {
  await server.dispose()
})

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** The raw answer (node:http does not decode it, as fetch would). */
function get(pathname: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const sent = request(`${server.url}${pathname}`, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      response.on('error', reject)
    })
    sent.on('error', reject)
    sent.end()
  })
}

describe('a stylesheet of the build', () => {
  test('goes to a client that takes brotli as the best brotli copy, which decodes to the file', async () => {
    const answer = await get(`/assets/${stylesheet}`, { 'accept-encoding': 'gzip, deflate, br' })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers['content-type']).toBe('text/css')
    expect(answer.headers.vary).toMatch(/accept-encoding/i)
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(answer.body).equals(original)).toBe(true)
    // Smaller than the on-the-fly brotli (the middleware's quality 4) the server sent before.
    const onTheFly = brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    expect(answer.body.length).toBeLessThan(onTheFly.length)
  })

  test('goes gzip-compressed to a client that takes gzip only, and as it is to one that takes neither', async () => {
    const gzipped = await get(`/assets/${stylesheet}`, { 'accept-encoding': 'gzip' })
    expect(gzipped.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzipped.body).equals(original)).toBe(true)

    const refusing = await get(`/assets/${stylesheet}`, { 'accept-encoding': 'br;q=0, gzip;q=0' })
    expect(refusing.headers['content-encoding']).toBeUndefined()
    expect(refusing.headers.vary).toMatch(/accept-encoding/i)
    expect(refusing.body.equals(original)).toBe(true)
  })

  test('answers 304 to a client that holds the copy it would be sent, and HEAD with its headers alone', async () => {
    const first = await get(`/assets/${stylesheet}`, { 'accept-encoding': 'br' })
    const etag = String(first.headers.etag)
    const again = await get(`/assets/${stylesheet}`, { 'accept-encoding': 'br', 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)

    const head = await get(`/assets/${stylesheet}`, { 'accept-encoding': 'br' }, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-encoding']).toBe('br')
    expect(Number(head.headers['content-length'])).toBe(first.body.length)
    expect(head.body.length).toBe(0)
  })
})

describe('an answer compressed as it goes out', () => {
  // Decisions 095 and 096: a page is compressed whole, in one call, at brotli's quality 3 with a 64 KB window: zlib's
  // default 4 MB window and quality 4's larger tables were set up for every answer, and compressing stream by
  // stream in React's 2 KB pieces took more of a signed-in page's CPU time than one call.
  test('a signed-in page goes to a client that takes brotli in one piece of brotli, quality 3, a 64 KB window', async () => {
    const account = await registerAccount(server)
    const cookie = await signInWithCookie(server, account)

    const answer = await get('/profile', { cookie, 'accept-encoding': 'gzip, deflate, br' })

    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(answer.headers['transfer-encoding']).toBeUndefined()
    expect(answer.headers['content-length']).toBe(String(answer.body.length))
    const page = brotliDecompressSync(answer.body)
    expect(page.toString('utf8')).toContain('Live Tester')
    // RFC 7932 section 9.1: the stream's first bit says its window: 0 is 2^16 bytes; every larger one, the default
    // 2^22 among them, starts with 1.
    expect(answer.body[0]! & 1).toBe(0)
    const params = { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 16, [constants.BROTLI_PARAM_SIZE_HINT]: page.length }
    expect(answer.body.equals(brotliCompressSync(page, { params }))).toBe(true)
  })

  test('a signed-in page goes gzip-compressed to a client that takes gzip only, and as it is to one that takes neither', async () => {
    const account = await registerAccount(server)
    const cookie = await signInWithCookie(server, account)

    const gzip = await get('/profile', { cookie, 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString('utf8')).toContain('Live Tester')

    const plain = await get('/profile', { cookie })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.body.toString('utf8')).toContain('Live Tester')
  })
})

describe('a public file the build did not compress', () => {
  // server.ts: the files beside assets/ (the service worker, the offline page, icons) still go through the
  // compression middleware as they are streamed from disk; the app's answers no longer do (decision 096).
  test('goes brotli-compressed to a client that takes brotli, and decodes to the file', async () => {
    const file = readFileSync(path.resolve('build/client/sw.js'))

    const answer = await get('/sw.js', { 'accept-encoding': 'gzip, deflate, br' })

    expect(answer.status).toBe(200)
    expect(answer.headers['content-encoding']).toBe('br')
    expect(answer.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(answer.body).equals(file)).toBe(true)
    expect(answer.body.length).toBeLessThan(file.length)
  })
})
