import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import net from 'node:net'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { localFolderStorage } from '#app/lib/storage/local-folder-storage.server.ts'
import { writeMissingThumbnails } from '../../scripts/images-backfill.ts'
import { isAnswering, type LiveServer, registerAccount, startLiveServer } from './live-server.ts'

// What only the real server process shows: a TLS-terminating proxy in front (TRUST_PROXY), answers
// sent before the body was read, and stored image paths.
const publicUrl = 'https://pawpal.example'
let server: LiveServer

beforeAll(async () => {
  server = await startLiveServer('server-edge', { TRUST_PROXY: 'true', PUBLIC_URL: publicUrl })
})

afterAll(() => server.dispose())

/** Headers a proxy at https://pawpal.example adds, for a browser at `clientIp`. */
const viaProxy = (clientIp = '203.0.113.50') => ({
  'x-forwarded-proto': 'https',
  'x-forwarded-host': 'pawpal.example',
  'x-forwarded-for': clientIp,
  origin: publicUrl,
})

const photo = (width = 1200) =>
  sharp({ create: { width, height: 800, channels: 3, background: '#c47a3a' } })
    .jpeg()
    .toBuffer()

describe('behind a TLS-terminating proxy (TRUST_PROXY=true, PUBLIC_URL=https://...)', () => {
  test('the login, register and multipart dog forms work', async () => {
    const email = `proxy-${Date.now()}@example.com`
    const registered = await fetch(`${server.url}/register`, {
      method: 'POST',
      redirect: 'manual',
      headers: viaProxy(),
      body: new URLSearchParams({ name: 'Pria Proxy', email, password: 'correct-horse' }),
    })
    expect(registered.status).toBe(302)
    expect(registered.headers.get('location')).toBe('/onboarding')

    const login = await fetch(`${server.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: viaProxy(),
      body: new URLSearchParams({ email, password: 'correct-horse', redirectTo: '/dogs/add' }),
    })
    expect(login.status).toBe(302)
    expect(login.headers.get('location')).toBe('/dogs/add')
    const sessionCookie = login.headers.getSetCookie().find((cookie) => cookie.startsWith('__session='))!
    expect(sessionCookie).toContain('Secure')

    const form = new FormData()
    for (const [name, value] of Object.entries({ intent: 'save', name: 'Proxy Rex', breed: 'Beagle', age: '2 years' })) {
      form.append(name, value)
    }
    form.append('images', new File([await photo()], 'rex.jpg', { type: 'image/jpeg' }))
    const added = await fetch(`${server.url}/dogs/add`, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...viaProxy(), cookie: sessionCookie.split(';')[0]! },
      body: form,
    })
    expect(added.status).toBe(302)
    const dog = await server.db.selectFrom('dogs').select('id').where('name', '=', 'Proxy Rex').executeTakeFirstOrThrow()
    expect(added.headers.get('location')).toBe(`/dogs/${dog.id}`)
    const images = await server.db.selectFrom('dogImages').select('path').where('dogId', '=', dog.id).execute()
    expect(images).toHaveLength(1)
  })

  test('rate limits key on the right-most X-Forwarded-For hop, not what the client wrote to its left', async () => {
    const attempt = (left: string, right: string) =>
      fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `${left}, ${right}`,
          'x-pawpal-client-ip': left, // a client cannot name its own address either
        },
        body: JSON.stringify({ email: `nobody-${left}@example.com`, password: 'wrong-password' }),
      })
    const statuses: number[] = []
    for (let index = 0; index < 31; index += 1) statuses.push((await attempt(`10.0.${index}.1`, '198.51.100.200')).status)
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true)
    expect(statuses[30]).toBe(429)
    expect((await attempt('10.0.0.1', '198.51.100.201')).status).toBe(401)
  })
})

/**
 * Sends a request with its whole body and, pipelined behind it on the same connection, `GET /healthz`;
 * resolves with everything the server sent until it closed the connection after the second answer.
 * A server that resets the connection, or stops reading, never answers the second request.
 */
function sendThenHealthCheck(head: string, body: Buffer) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')))
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer within 15 s')))
    socket.write(`${head}\r\nHost: 127.0.0.1\r\nContent-Length: ${body.length}\r\n\r\n`)
    socket.write(body)
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')
  })
}

function multipartPhoto(bytes: number) {
  const boundary = 'pawpal-test-boundary'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    Buffer.alloc(bytes, 0x61),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('answers sent before the request body was read', () => {
  test('a 6 MB photo sent to the API gets its 413, and the connection carries the next request', async () => {
    const account = await registerAccount(server)
    const { body, contentType } = multipartPhoto(6 * 1024 * 1024)
    const head = `PATCH /api/users/profile/photo HTTP/1.1\r\nAuthorization: Bearer ${account.accessToken}\r\nContent-Type: ${contentType}`
    const answers = await sendThenHealthCheck(head, body)
    expect(answers).toMatch(/^HTTP\/1\.1 413 /)
    expect(answers).toContain('"message":"Image size should be less than 5MB"')
    expect(answers).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/)
  })

  test('a body declared over the 16 MB limit gets its 413, and the connection carries the next request', async () => {
    const { body, contentType } = multipartPhoto(17 * 1024 * 1024)
    const answers = await sendThenHealthCheck(`POST /api/dogs HTTP/1.1\r\nContent-Type: ${contentType}`, body)
    expect(answers).toMatch(/^HTTP\/1\.1 413 /)
    expect(answers).toContain('"message":"Image size should be less than 5MB"')
    expect(answers).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/)
  })

  test('a JSON body sent to an unknown path gets its 404, and the connection carries the next request', async () => {
    const body = Buffer.from(JSON.stringify({ padding: 'x'.repeat(512 * 1024) }))
    const answers = await sendThenHealthCheck('POST /api/no-such-thing HTTP/1.1\r\nContent-Type: application/json', body)
    expect(answers).toMatch(/^HTTP\/1\.1 404 /)
    expect(answers).toContain('{"message":"Not found","errors":{}}')
    expect(answers).toMatch(/HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/)
  })
})

describe('stored image paths', () => {
  test('the path the API returns answers with the image; the sized variants exist beside it', async () => {
    const account = await registerAccount(server)
    const form = new FormData()
    form.append('file', new File([await photo(1200)], 'me.jpg', { type: 'image/jpeg' }))
    const uploaded = await fetch(`${server.url}/api/users/profile/photo`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${account.accessToken}` },
      body: form,
    })
    expect(uploaded.status).toBe(200)
    const { profilePhoto } = (await uploaded.json()) as { profilePhoto: string }
    expect(profilePhoto).toMatch(/^\/uploads\/avatars\/[\w-]+\/[\w-]+$/)

    const stored = await fetch(`${server.url}${profilePhoto}`)
    expect(stored.status).toBe(200)
    expect(stored.headers.get('content-type')).toBe('image/webp')
    expect(await sharp(Buffer.from(await stored.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 800 })

    const small = await fetch(`${server.url}${profilePhoto}-320.webp`)
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320 })
    expect((await fetch(`${server.url}${profilePhoto}-999.webp`)).status).toBe(404)
    expect((await fetch(`${server.url}/uploads/avatars/..%2F..%2Fapp.db`)).status).toBe(404)
  })

  test('an image stored before thumbnails answers its thumbnail with its 320 px file for an hour, until images:backfill writes it (decision 094)', async () => {
    const account = await registerAccount(server)
    const form = new FormData()
    form.append('file', new File([await photo(1200)], 'me.jpg', { type: 'image/jpeg' }))
    const uploaded = await fetch(`${server.url}/api/users/profile/photo`, { method: 'PATCH', headers: { authorization: `Bearer ${account.accessToken}` }, body: form })
    const { profilePhoto } = (await uploaded.json()) as { profilePhoto: string }
    const thumbnailUrl = `${server.url}${profilePhoto}-160.webp`
    const fresh = await fetch(thumbnailUrl)
    expect(fresh.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(Buffer.from(await fresh.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 160 })

    // As it was stored before thumbnails existed.
    const uploads = localFolderStorage(path.join(path.dirname(server.databaseFile), 'uploads'))
    await uploads.delete(`${profilePhoto.slice('/uploads/'.length)}-160.webp`)
    const standIn = await fetch(thumbnailUrl)
    expect(standIn.status).toBe(200)
    expect(standIn.headers.get('cache-control')).toBe('public, max-age=3600')
    expect(await sharp(Buffer.from(await standIn.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320 })
    expect((await fetch(`${server.url}/uploads/avatars/nobody/nothing-160.webp`)).status).toBe(404)

    expect((await writeMissingThumbnails(uploads)).written).toBeGreaterThanOrEqual(1)
    const written = await fetch(thumbnailUrl)
    expect(written.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(Buffer.from(await written.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 160 })
  })
})

/** Sends `requestLine` with a Host and `Connection: close`; resolves with everything the server sent before it closed. */
function sendRaw(requestLine: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1')
    const received: Buffer[] = []
    socket.on('data', (chunk: Buffer) => received.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(Buffer.concat(received).toString('latin1')))
    socket.setTimeout(15_000, () => socket.destroy(new Error('no answer within 15 s')))
    socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
  })
}

describe('paths that do not decode', () => {
  test('a segment that is not percent-encoding answers as before (404, or sign in first), without a line in the log for each request', async () => {
    const answers: [string, number][] = [
      ['/%E0%A4%A', 404],
      ['/sitters/%zz', 404],
      ['/bookings/%E0%A4%A?tab=past', 302],
    ]
    for (const [path, status] of answers) {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' })
      expect(response.status, path).toBe(status)
      await response.arrayBuffer()
    }
    const api = await fetch(`${server.url}/api/sitters/%E0%A4%A`)
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ message: expect.any(String), errors: {} })
    expect(await isAnswering(server)).toBe(true)
    expect(server.log()).not.toContain('could not be decoded')
  })
})

describe('methods no path serves', () => {
  test('TRACE, CONNECT and WebDAV methods answer 405 naming the methods served; under /api, the 404 JSON of an unknown operation', async () => {
    for (const requestLine of ['TRACE /sitters HTTP/1.1', 'PROPFIND /login HTTP/1.1', 'CONNECT pawpal.example:443 HTTP/1.1']) {
      const answer = await sendRaw(requestLine)
      expect(answer, requestLine).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/)
      expect(answer, requestLine).toContain('Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS\r\n')
    }
    for (const requestLine of ['TRACE /api/users/me HTTP/1.1', 'CONNECT /api/users/me HTTP/1.1', 'MKCOL /api/dogs HTTP/1.1']) {
      const answer = await sendRaw(requestLine)
      expect(answer, requestLine).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/)
      expect(answer, requestLine).toMatch(/\r\n\r\n\{"message":"Not found","errors":\{\}\}$/)
    }
    expect(await isAnswering(server)).toBe(true)
  })

  test("a method token Node's HTTP parser does not know is refused by it (400) before any of our code, and the server stays up", async () => {
    expect(await sendRaw('BREW /coffee HTTP/1.1')).toMatch(/^HTTP\/1\.1 400 /)
    expect(await isAnswering(server)).toBe(true)
  })
})

/** A GET as it comes over the wire: status, headers and the bytes as sent (not decompressed). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
    })
      .on('error', reject)
      .end()
  })
}

describe('shared copies answered by server.ts itself (decision 056)', () => {
  // tests/integration/shared-copy-fast-path.test.ts shows which way each answer took, on both engines; here
  // the real server.ts shows that its own headers and its compression (decision 096) make no difference.
  test('the answer from the kept copy has the status, headers and bytes of the one the app rendered', async () => {
    const paths = ['/api/users/sitters?bbox=8.5,47.3,8.6,47.4&limit=100', '/terms']
    for (const [path, headers] of paths.flatMap((path) => [[path, {}], [path, { 'accept-encoding': 'gzip, br' }]] as const)) {
      const rendered = await rawGet(`${server.url}${path}`, headers)
      const kept = await rawGet(`${server.url}${path}`, headers)
      // The app may stream its answer (chunked); server.ts sends the kept bytes with their length.
      expect(kept.headers['content-length'], path).toBe(String(kept.body.length))
      const own = ({ date: _date, 'transfer-encoding': _chunked, 'content-length': _length, ...rest }: IncomingHttpHeaders) => rest
      expect(kept.status, path).toBe(rendered.status)
      expect(own(kept.headers), path).toEqual(own(rendered.headers))
      expect(kept.body.equals(rendered.body), path).toBe(true)
      expect(kept.headers, path).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', vary: 'Accept-Encoding' })
    }
  })
})
