import { jsonError } from './api.server.ts'
import { env } from './env.server.ts'
import { isApiPath, isWrite, markRefused, refusalMessage } from './refused-request.server.ts'

// DESIGN.md rulings 9 and 20: writes must come from our own pages. This module is the one place that
// decides it, before React Router sees the request (its own check answers a plain-text 400 and logs
// a stack trace, and knows nothing of PUBLIC_URL).

/** The origins our pages are served from: the request's own (proxy-aware) and PUBLIC_URL's. */
export function ownOrigins(requestUrl: string) {
  return new Set([new URL(requestUrl).origin, new URL(env.PUBLIC_URL).origin])
}

/** Whether a request presents a Bearer token: its session is then that token's, never the browser's cookie. */
function carriesBearer(headers: Headers) {
  return headers.get('authorization')?.toLowerCase().startsWith('bearer ') ?? false
}

/** Whether a request that carries these headers would be authenticated by the browser's cookie. */
export function isCookieAuthenticated(headers: Headers) {
  return !carriesBearer(headers) && /(?:^|;\s*)__session=/.test(headers.get('cookie') ?? '')
}

/**
 * The origin a request names (Origin, else Referer): 'none' when it names none, 'foreign' when it
 * names another site, `null` or something that is not a URL.
 */
export function originVerdict(headers: Headers, requestUrl: string): 'own' | 'foreign' | 'none' {
  const source = headers.get('origin') ?? headers.get('referer')
  if (source === null) return 'none'
  // An opaque origin ('null', data:, file:) is never one of ours: ownOrigins holds http(s) origins only.
  const url = URL.parse(source)
  return url !== null && ownOrigins(requestUrl).has(url.origin) ? 'own' : 'foreign'
}

/**
 * Decides a write's fate before routing. Bearer requests carry no ambient credentials and pass.
 * Otherwise a foreign Origin is refused, and so is a cookie-authenticated write that names no
 * origin at all. A refused API call gets its 403 here; a refused page request goes on marked, so
 * the app answers with its own 403 page. The Origin header is consumed: React Router's check
 * would compare it with the request URL only and answer a plain 400.
 */
export function guardCrossSiteWrite(request: Request): Request | Response {
  if (!isWrite(request)) return request
  const headers = new Headers(request.headers)
  const verdict = originVerdict(headers, request.url)
  const refused = !carriesBearer(headers) && (verdict === 'foreign' || (verdict === 'none' && isCookieAuthenticated(headers)))
  if (refused) {
    const path = new URL(request.url).pathname
    console.warn(`Refused a cross-site ${request.method} ${path} (Origin: ${headers.get('origin') ?? headers.get('referer') ?? 'none'})`)
    if (isApiPath(path)) return jsonError(403, refusalMessage('crossSite'))
    markRefused(headers, 'crossSite')
  }
  headers.delete('origin')
  return new Request(request, { headers })
}
