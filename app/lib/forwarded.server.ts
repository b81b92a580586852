import type { IncomingHttpHeaders, IncomingMessage } from 'node:http'
import { env } from './env.server.ts'

// DESIGN.md ruling 19. With TRUST_PROXY one proxy stands in front of us: it appends the address it
// saw to X-Forwarded-For and sets X-Forwarded-Proto and X-Forwarded-Host. Anything to the left of
// its own (right-most) value was written by the client, so only the right-most value is believed.

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
 * proxy's own forwarded values (or none without TRUST_PROXY) and records the client address.
 */
export function normaliseIncomingHeaders(request: IncomingMessage) {
  const headers = request.headers
  for (const name of Object.keys(headers)) if (name.startsWith('x-pawpal-')) delete headers[name]
  delete headers.forwarded // RFC 7239: we read the X-Forwarded-* family only
  const forwardedFor = rightMost(headers['x-forwarded-for'])
  for (const name of ['x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-for'] as const) {
    const value = env.TRUST_PROXY ? rightMost(headers[name]) : undefined
    if (value) headers[name] = value
    else delete headers[name]
  }
  headers[clientIpHeader] = (env.TRUST_PROXY && forwardedFor) || request.socket.remoteAddress || 'unknown'
}

/** The origin the client used to reach us (after normaliseIncomingHeaders), e.g. https://pawpal.example. */
export function requestOriginOf(headers: IncomingHttpHeaders) {
  const proto = headers['x-forwarded-proto'] === 'https' ? 'https' : 'http'
  const forwardedHost = headers['x-forwarded-host'] // one value: normaliseIncomingHeaders kept the right-most
  const host = (typeof forwardedHost === 'string' ? forwardedHost : undefined) ?? headers.host ?? 'localhost'
  return URL.parse(`${proto}://${host}`)?.origin ?? 'http://localhost'
}
