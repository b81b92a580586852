import type { IncomingMessage } from 'node:http'
import { describe, expect, test } from 'vitest'
import { clientIpHeader, normaliseIncomingHeaders } from './forwarded.server.ts'
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts'

const forged = { 'x-forwarded-for': '203.0.113.66, 198.51.100.9', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pawpal.example' }

/** The headers the app sees of a request from `peer` carrying `headers`, under the TRUST_PROXY setting `setting`. */
function seenFrom(peer: string, setting: string, headers: Record<string, string> = forged) {
  const request = { headers: { ...headers }, socket: { remoteAddress: peer } } as unknown as IncomingMessage
  normaliseIncomingHeaders(request, parseTrustProxy(setting) as TrustProxy)
  return request.headers
}

describe('forwarded headers under a list of proxies', () => {
  test("from a listed proxy the right-most forwarded values are believed: the client's address is the one the proxy saw", () => {
    expect(seenFrom('::ffff:127.0.0.2', '127.0.0.2')).toMatchObject({
      'x-forwarded-for': '198.51.100.9',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'pawpal.example',
      [clientIpHeader]: '198.51.100.9',
    })
  })

  test('from any other peer they are dropped and the client address is the peer itself', () => {
    const headers = seenFrom('::ffff:127.0.0.1', '127.0.0.2')
    expect(headers['x-forwarded-for']).toBeUndefined()
    expect(headers['x-forwarded-proto']).toBeUndefined()
    expect(headers['x-forwarded-host']).toBeUndefined()
    expect(headers[clientIpHeader]).toBe('127.0.0.1')
  })

  test('true believes any peer and false none, as before', () => {
    expect(seenFrom('192.0.2.1', 'true')[clientIpHeader]).toBe('198.51.100.9')
    expect(seenFrom('192.0.2.1', 'false')[clientIpHeader]).toBe('192.0.2.1')
  })

  test('a listed proxy that forwarded no address leaves the client address at the peer', () => {
    expect(seenFrom('127.0.0.2', '127.0.0.2', {})[clientIpHeader]).toBe('127.0.0.2')
  })
})
