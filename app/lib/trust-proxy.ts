// Whose X-Forwarded-* headers the app believes (TRUST_PROXY; DESIGN.md ruling 19, decision 068): nobody's,
// any peer's (a proxy whose address is not fixed), or only those of a connection from one of the listed
// proxy addresses or subnets, so a client that reaches an instance directly cannot forge them.
import { BlockList, isIP } from 'node:net'

export type TrustProxy = boolean | BlockList

/** `false`, `true`, or the proxies' addresses and subnets (`10.0.0.5, 10.1.0.0/16`); null for anything else. */
export function parseTrustProxy(text: string): TrustProxy | null {
  if (text === 'false' || text === '0') return false
  if (text === 'true' || text === '1') return true
  const proxies = new BlockList()
  for (const entry of text.split(',')) {
    const [given = '', prefix, ...rest] = entry.trim().split('/')
    const address = withoutIpv4Mapping(given)
    const family = isIP(address)
    if (family === 0 || rest.length > 0) return null
    const type = family === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) {
      proxies.addAddress(address, type)
      continue
    }
    if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128)) return null
    proxies.addSubnet(address, Number(prefix), type)
  }
  return proxies
}

/** Whether the forwarded headers on a connection from `peer` (its socket's remoteAddress) are believed. */
export function trustsPeer(trust: TrustProxy, peer: string | undefined) {
  if (typeof trust === 'boolean') return trust
  const address = withoutIpv4Mapping(peer ?? '')
  const family = isIP(address)
  return family !== 0 && trust.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** `::ffff:127.0.0.2`, an IPv4 peer as a dual-stack socket names it, is `127.0.0.2`. */
export const withoutIpv4Mapping = (address: string) => address.replace(/^::ffff:(?=\d{1,3}(\.\d{1,3}){3}$)/i, '')
