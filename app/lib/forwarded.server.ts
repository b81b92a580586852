import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { env } from './env.server.ts'
import { type TrustProxy, trustsPeer, withoutIpv4Mapping } from './trust-proxy.ts'

// DESIGN.md ruling 19. With TRUST_PROXY one proxy stands in front of us: it appends the address it
// saw to X-Forwarded-For and sets X-Forwarded-Proto and X-Forwarded-Host. Anything to the left of
// its own (right-most) value was written by the client, so only the right-most value is believed,
// and only on a connection from a peer TRUST_PROXY names (decision 068).

/** Headers only server.ts may set; a client's copies are dropped at the door. */
export const clientIpHeader = 'x-pawpal-client-ip'

function rightMost(header: string | string[] | undefined) {
  const joined = Array.isArray(header) ? header.join(',') : header
  return joined
    ?.split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .at(-1)
}

/**
 * Runs first on every request and upgrade: drops headers a client may not set, keeps only the
 * proxy's own forwarded values (or none from a peer TRUST_PROXY does not name) and records the client address.
 */
export function normaliseIncomingHeaders(request: IncomingMessage, trust: TrustProxy = env.TRUST_PROXY) {
  const headers = request.headers
  for (const name of Object.keys(headers)) if (name.startsWith('x-pawpal-')) delete headers[name]
  delete headers.forwarded // RFC 7239: we read the X-Forwarded-* family only
  const peer = request.socket.remoteAddress
  const believed = trustsPeer(trust, peer)
  for (const name of ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for'] as const) {
    const value = believed ? rightMost(headers[name]) : undefined
    if (value) headers[name] = value
    else delete headers[name]
  }
  const forwardedFor = headers['x-forwarded-for']
  headers[clientIpHeader] = (typeof forwardedFor === 'string' && forwardedFor) || (peer && withoutIpv4Mapping(peer)) || 'unknown'
}

/** The origin the client used to reach us (after normaliseIncomingHeaders), e.g. https://pawpal.example. */
export function requestOriginOf(headers: IncomingHttpHeaders) {
  const proto = headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'
  const forwardedHost = headers['x-forwarded-host'] // one value: normaliseIncomingHeaders kept the right-most
  const host = (typeof forwardedHost === 'string' ? forwardedHost : undefined) ?? headers.host ?? 'localhost'
  return URL.parse(`${proto}://${host}`)?.origin ?? 'http://localhost'
}
