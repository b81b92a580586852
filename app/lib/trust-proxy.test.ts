import { describe, expect, test } from 'vitest'
import { EnvError, parseEnv } from './env.server.ts'
import { parseTrustProxy, trustsPeer } from './trust-proxy.ts'

const trust = (text: string) => {
  const parsed = parseTrustProxy(text)
  if (parsed === null) throw new Error(`${text} did not parse`)
  return parsed
}

describe('TRUST_PROXY', () => {
  test('false believes nobody and true any peer, as before the list form', () => {
    for (const text of ['false', '0']) expect(trustsPeer(trust(text), '127.0.0.2')).toBe(false)
    for (const text of ['true', '1']) expect(trustsPeer(trust(text), '203.0.113.7')).toBe(true)
  })

  test('a list believes a connection from a listed address only', () => {
    const proxies = trust('127.0.0.2, 10.0.0.5')
    expect(trustsPeer(proxies, '127.0.0.2')).toBe(true)
    expect(trustsPeer(proxies, '10.0.0.5')).toBe(true)
    expect(trustsPeer(proxies, '127.0.0.1')).toBe(false)
    expect(trustsPeer(proxies, undefined)).toBe(false)
  })

  test('an IPv4 peer on a dual-stack socket (::ffff:127.0.0.2) is the IPv4 address listed', () => {
    expect(trustsPeer(trust('127.0.0.2'), '::ffff:127.0.0.2')).toBe(true)
    expect(trustsPeer(trust('::ffff:127.0.0.2'), '127.0.0.2')).toBe(true)
    expect(trustsPeer(trust('127.0.0.2'), '::ffff:127.0.0.3')).toBe(false)
  })

  test('a CIDR subnet believes every address inside it, IPv4 and IPv6', () => {
    const proxies = trust('172.28.0.0/24,fd00:28::/64')
    expect(trustsPeer(proxies, '172.28.0.10')).toBe(true)
    expect(trustsPeer(proxies, '172.28.1.10')).toBe(false)
    expect(trustsPeer(proxies, 'fd00:28::10')).toBe(true)
    expect(trustsPeer(proxies, 'fd00:29::10')).toBe(false)
  })

  test('anything else is refused at start-up with one line naming the setting', () => {
    for (const text of ['yes', 'proxy.internal', '10.0.0.0/33', '10.0.0.1,', '10.0.0.0/8/8']) expect(parseTrustProxy(text)).toBeNull()
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(EnvError)
    expect(() => parseEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(/^Invalid configuration: TRUST_PROXY must be true, false or the proxies' addresses .*\(got "proxy.internal"\)$/)
  })
})
