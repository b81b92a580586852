import { data, type MiddlewareFunction } from 'react-router'
import { jsonError } from './api.server.ts'
import { env } from './env.server.ts'

// DESIGN.md rulings 9 and 20: writes must come from our own pages. This module is the one place that
// decides it, before React Router sees the request (its own check answers a plain-text 400 and logs
// a stack trace, and knows nothing of PUBLIC_URL).

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
const refusedHeader = 'x-pawpal-refused'
export const crossSiteMessage = 'Cross-site request refused'

/** The origins our pages are served from: the request's own (proxy-aware) and PUBLIC_URL's. */
export function ownOrigins(requestUrl: string) {
  return new Set([new URL(requestUrl).origin, new URL(env.PUBLIC_URL).origin])
}

/** Whether a request that carries these headers would be authenticated by the browser's cookie. */
export function isCookieAuthenticated(headers: Headers) {
  const bearer = headers.get('authorization')?.toLowerCase().startsWith('bearer ') ?? false
  return !bearer && /(?:^|;\s*)__session=/.test(headers.get('cookie') ?? '')
}

/**
 * The origin a request names (Origin, else Referer): 'none' when it names none, 'foreign' when it
 * names another site, `null` or something that is not a URL.
 */
export function originVerdict(headers: Headers, requestUrl: string): 'own' | 'foreign' | 'none' {
  const source = headers.get('origin') ?? headers.get('referer')
  if (source === null) return 'none'
  const origin = URL.parse(source)?.origin
  return origin && origin !== 'null' && ownOrigins(requestUrl).has(origin) ? 'own' : 'foreign'
}

/**
 * Decides a write's fate before routing. Bearer requests carry no ambient credentials and pass.
 * Otherwise a foreign Origin is refused, and so is a cookie-authenticated write that names no
 * origin at all. A refused API call gets its 403 here; a refused page request goes on marked, so
 * the app answers with its own 403 page. The Origin header is consumed: React Router's check
 * would compare it with the request URL only and answer a plain 400.
 */
export function guardCrossSiteWrite(request: Request): Request | Response {
  if (safeMethods.has(request.method)) return request
  const headers = new Headers(request.headers)
  headers.delete(refusedHeader)
  const bearer = headers.get('authorization')?.toLowerCase().startsWith('bearer ') ?? false
  const verdict = bearer ? 'own' : originVerdict(headers, request.url)
  const refused = verdict === 'foreign' || (verdict === 'none' && isCookieAuthenticated(headers))
  if (refused) {
    const path = new URL(request.url).pathname
    console.warn(`Refused a cross-site ${request.method} ${path} (Origin: ${headers.get('origin') ?? headers.get('referer') ?? 'none'})`)
    if (path === '/api' || path.startsWith('/api/')) return jsonError(403, crossSiteMessage)
    headers.set(refusedHeader, 'cross-site')
  }
  headers.delete('origin')
  return new Request(request, { headers })
}

/** Answers a page write that guardCrossSiteWrite refused with the app's 403 page, before any action runs. */
export const refusedRequestMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (!safeMethods.has(request.method) && request.headers.get(refusedHeader)) throw data({ message: crossSiteMessage }, { status: 403 })
}
