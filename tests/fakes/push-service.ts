import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import { jwtVerify } from 'jose'
import { listenOnLoopback, readBody, serveWhenRunDirectly } from './loopback-server.ts'

// A local stand-in for a browser's push service (FCM, Mozilla's, Apple's) on loopback, for PUSH_SERVICE_URL.
// `subscribe()` plays the browser: it makes a device's keys and answers what `pushManager.subscribe()` would.
// A push to `/push/{device}` must carry a VAPID JWT (RFC 8292) signed by the key the device subscribed with,
// for this service as audience, expiring within 24 hours, and a TTL; it is answered 201 and kept, and
// `decrypt()` reads it with the device's private key (RFC 8291 aes128gcm) as the browser would.
// Run directly (`node tests/fakes/push-service.ts [--port N]`) it prints its URL and keeps serving.
// Other processes (the e2e tests; the fake runs in Playwright's runner) steer it over HTTP:
// POST /__fake/devices {applicationServerKey} subscribes a device (answers its subscription) and
// GET /__fake/pushes?endpoint=... answers the pushes that device received, oldest first, decrypted.

export type FakeSubscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }

export type ReceivedPush = {
  device: string
  ttl: number
  urgency: string | null
  /** The VAPID public key the push was signed with. */
  vapidKey: string
  /** The JWT's claims: aud, exp, sub. */
  claims: Record<string, unknown>
  body: Buffer
}

/** A push as GET /__fake/pushes answers it: its plaintext, decrypted with its device's keys. */
export type DecryptedPush = { ttl: number; urgency: string | null; payload: string }

export type FakePushService = {
  url: string
  /** Pushes accepted (201), oldest first. */
  received: ReceivedPush[]
  /** Requests refused, with the reason (a bad or missing JWT, no TTL...). */
  refused: { device: string; status: number; reason: string }[]
  /** A new device subscribed with the app's VAPID public key (its `applicationServerKey`). */
  subscribe(applicationServerKey: string): FakeSubscription
  /** From now on the device's endpoint answers this status (410: the user revoked it; 404: it expired). */
  answerFor(endpoint: string, status: number): void
  /** The plaintext of a push, decrypted with its device's keys. */
  decrypt(push: ReceivedPush): string
  close(): Promise<void>
}

type Device = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; applicationServerKey: string; status: number }

export async function start({ port = 0 }: { port?: number } = {}): Promise<FakePushService> {
  const devices = new Map<string, Device>()
  const received: ReceivedPush[] = []
  const refused: FakePushService['refused'] = []
  let origin = ''

  const server = createServer((request, response) => {
    void readBody(request).then(async (body) => {
      const url = new URL(request.url ?? '/', origin)
      if (url.pathname.startsWith('/__fake/')) return control(request.method ?? '', url, body, response)
      const { status, reason } = await accept(request.method ?? '', request.url ?? '', request.headers, body)
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(reason)
    })
  })

  async function accept(method: string, url: string, headers: Record<string, string | string[] | undefined>, body: Buffer) {
    const device = /^\/push\/([\w-]+)$/.exec(url)?.[1] ?? ''
    const known = devices.get(device)
    const refuse = (status: number, reason: string) => (refused.push({ device, status, reason }), { status, reason })
    if (method !== 'POST' || !known) return refuse(404, 'No such subscription')
    if (known.status !== 201) return refuse(known.status, 'Subscription gone')
    const ttl = Number(headers.ttl)
    if (headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, 'A TTL header is required')
    if (headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding must be aes128gcm')
    const vapid = /^vapid t=([\w.-]+), ?k=([\w-]+)$/.exec(String(headers.authorization))
    if (!vapid?.[1] || !vapid[2]) return refuse(401, 'A VAPID Authorization header is required')
    if (vapid[2] !== known.applicationServerKey) return refuse(403, 'Signed by another key than the subscription was made with')
    try {
      const { payload } = await jwtVerify(vapid[1], publicKeyOf(vapid[2]), { algorithms: ['ES256'], audience: origin })
      if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) return refuse(403, 'The JWT must expire within 24 hours')
      if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) return refuse(403, 'The JWT needs a mailto: or https: subject')
      received.push({ device, ttl, urgency: (headers.urgency as string | undefined) ?? null, vapidKey: vapid[2], claims: payload, body })
      return { status: 201, reason: 'Created' }
    } catch (error) {
      return refuse(403, `Invalid VAPID JWT: ${(error as Error).message}`)
    }
  }

  function subscribe(applicationServerKey: string): FakeSubscription {
    const id = randomBytes(12).toString('base64url')
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    const auth = randomBytes(16)
    devices.set(id, { ecdh, auth, applicationServerKey, status: 201 })
    return { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') } }
  }

  function decrypt(push: ReceivedPush) {
    const device = devices.get(push.device)
    if (!device) throw new Error(`No device ${push.device}`)
    return decryptAes128gcm(push.body, device.ecdh, device.auth)
  }

  function control(method: string, url: URL, body: Buffer, response: ServerResponse) {
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(value))
    }
    if (method === 'POST' && url.pathname === '/__fake/devices') {
      const { applicationServerKey } = JSON.parse(body.toString('utf8') || '{}') as { applicationServerKey?: string }
      return applicationServerKey ? json(201, subscribe(applicationServerKey)) : json(400, { message: 'applicationServerKey is required' })
    }
    if (method === 'GET' && url.pathname === '/__fake/pushes') {
      const device = url.searchParams.get('endpoint')?.split('/').at(-1) ?? ''
      const pushes = received.filter((push) => push.device === device)
      return json(200, pushes.map((push) => ({ ttl: push.ttl, urgency: push.urgency, payload: decrypt(push) }) satisfies DecryptedPush))
    }
    json(404, { message: 'No such control endpoint' })
  }

  const listening = await listenOnLoopback(server, port)
  origin = listening.origin

  return {
    url: origin,
    received,
    refused,
    subscribe,
    answerFor(endpoint, status) {
      const device = devices.get(endpoint.split('/').at(-1) ?? '')
      if (!device) throw new Error(`No device at ${endpoint}`)
      device.status = status
    },
    decrypt,
    close: listening.close,
  }
}

/** A P-256 public key from its uncompressed point (0x04 || x || y) in base64url. */
function publicKeyOf(point: string) {
  const bytes = Buffer.from(point, 'base64url')
  const coordinate = (from: number) => bytes.subarray(from, from + 32).toString('base64url')
  return createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) }, format: 'jwk' })
}

/**
 * RFC 8291 with RFC 8188's aes128gcm: the header (salt, record size, the sender's ephemeral public key), then one
 * record. The device's shared secret with the sender and its auth secret give the key and nonce through HKDF.
 */
function decryptAes128gcm(body: Buffer, device: ReturnType<typeof createECDH>, auth: Buffer) {
  const salt = body.subarray(0, 16)
  const keyIdLength = body.readUInt8(20)
  const senderKey = body.subarray(21, 21 + keyIdLength)
  const record = body.subarray(21 + keyIdLength)
  const hkdf = (ikm: Buffer, saltBytes: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, saltBytes, info, length))
  const info = (text: string) => Buffer.concat([Buffer.from(text), Buffer.from([0])])
  const keyInfo = Buffer.concat([info('WebPush: info'), device.getPublicKey(), senderKey])
  const ikm = hkdf(device.computeSecret(senderKey), auth, keyInfo, 32)
  const key = hkdf(ikm, salt, info('Content-Encoding: aes128gcm'), 16)
  const nonce = hkdf(ikm, salt, info('Content-Encoding: nonce'), 12)
  const decipher = createDecipheriv('aes-128-gcm', key, nonce)
  decipher.setAuthTag(record.subarray(-16))
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()])
  // The last record's plaintext ends with the delimiter 0x02 and then zero padding.
  const end = padded.lastIndexOf(2)
  if (end < 0 || padded.subarray(end + 1).some((byte) => byte !== 0)) throw new Error('No last-record delimiter')
  return padded.subarray(0, end).toString('utf8')
}

// CLI mode: print the URL so a person can point PUSH_SERVICE_URL at it.
await serveWhenRunDirectly(import.meta.url, (port) => start({ port }), (fake) => fake.url)
