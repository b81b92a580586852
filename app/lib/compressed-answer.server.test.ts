import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { compressAnswer } from './compressed-answer.server.ts'

// Decision 096: what the app answers goes out compressed whole, as the client takes it.
const page = `<!DOCTYPE html><html><body>${'<li>Rex, Dog Walking, Nov 30, 2026</li>'.repeat(200)}</body></html>`
const asked = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://localhost/bookings', { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
const html = (body: string | null, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...headers } })

describe('an answer the client can take compressed', () => {
  test('goes in brotli to a browser, in one piece of the length it declares, and decodes to the page', async () => {
    const answer = await compressAnswer(asked('gzip, deflate, br, zstd'), html(page))

    expect(answer.headers.get('content-encoding')).toBe('br')
    expect(answer.headers.get('vary')).toBe('Accept-Encoding')
    const bytes = Buffer.from(await answer.arrayBuffer())
    expect(answer.headers.get('content-length')).toBe(String(bytes.length))
    expect(bytes.length).toBeLessThan(page.length / 10)
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(page)
  })

  test('goes in gzip to a client that takes gzip only, and in brotli to one that prefers gzip but takes both', async () => {
    const gzipOnly = await compressAnswer(asked('gzip'), html(page))
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzipOnly.arrayBuffer())).toString('utf8')).toBe(page)

    const both = await compressAnswer(asked('gzip;q=1, br;q=0.5'), html(page))
    expect(both.headers.get('content-encoding')).toBe('br')
  })

  test('keeps its status, its other headers and every cookie it sets', async () => {
    const headers = new Headers({ 'content-type': 'application/json', 'cache-control': 'private, no-cache', vary: 'Cookie' })
    headers.append('set-cookie', '__session=a; Path=/; HttpOnly')
    headers.append('set-cookie', '__toast=b; Path=/')
    const json = JSON.stringify({ message: 'Booking not found', errors: {}, filler: 'x'.repeat(2000) })

    const answer = await compressAnswer(asked('br'), new Response(json, { status: 404, headers }))

    expect(answer.status).toBe(404)
    expect(answer.headers.get('cache-control')).toBe('private, no-cache')
    expect(answer.headers.get('vary')).toBe('Cookie, Accept-Encoding')
    expect(answer.headers.getSetCookie()).toEqual(['__session=a; Path=/; HttpOnly', '__toast=b; Path=/'])
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString('utf8'))).toMatchObject({ message: 'Booking not found' })
  })
})

describe('an answer that goes as it is', () => {
  test('to a client that takes no encoding (or refuses both), saying it varies with what the client takes', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const answer = await compressAnswer(asked(acceptEncoding), html(page))
      expect(answer.headers.get('content-encoding')).toBeNull()
      expect(answer.headers.get('vary')).toBe('Accept-Encoding')
      expect(await answer.text()).toBe(page)
    }
  })

  test('under 1 KB, where an encoding saves too little', async () => {
    const small = '<p>Saved</p>'
    const answer = await compressAnswer(asked('br'), html(small))
    expect(answer.headers.get('content-encoding')).toBeNull()
    expect(await answer.text()).toBe(small)

    const declared = await compressAnswer(asked('br'), html(small, { 'content-length': String(small.length) }))
    expect(declared.headers.get('content-encoding')).toBeNull()
    expect(await declared.text()).toBe(small)
  })

  test('already encoded, of a type that does not compress, marked no-transform, or without a body', async () => {
    const webp = new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/webp' } })
    const encoded = html('already brotli', { 'content-encoding': 'br' })
    const noTransform = html(page, { 'cache-control': 'no-transform' })
    const head = html(null)
    const notModified = new Response(null, { status: 304, headers: { etag: '"v1"' } })

    for (const response of [webp, encoded, noTransform, head, notModified]) {
      expect(await compressAnswer(asked('br'), response)).toBe(response)
    }
    expect(encoded.headers.get('vary')).toBeNull()
  })
})
