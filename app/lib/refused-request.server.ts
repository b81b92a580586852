import { STATUS_CODES } from 'node:http'
import { data, type MiddlewareFunction } from 'react-router'

// The rules that run on every request before React Router (same-origin writes, form bodies) answer an
// API request on the spot with JSON. A page request goes on marked with its refusal, and the root
// middleware answers it with the app's error page for that status before any loader or action runs.

const refusedHeader = 'x-pawpal-refused'

const refusals = {
  crossSite: { status: 403, message: 'Cross-site request refused' },
  notAForm: { status: 415, message: 'Pages take forms: send multipart/form-data or application/x-www-form-urlencoded' },
} as const
export type Refusal = keyof typeof refusals

export const refusalMessage = (refusal: Refusal) => refusals[refusal].message

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Any method but GET, HEAD and OPTIONS: what may change data. */
export const isWrite = (request: Request) => !safeMethods.has(request.method)

export const isApiPath = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/')

/** Drops a refusal marker the client sent itself (server.ts also drops every x-pawpal-* header at the door). */
export function withoutForgedRefusal(request: Request) {
  if (!request.headers.has(refusedHeader)) return request
  const headers = new Headers(request.headers)
  headers.delete(refusedHeader)
  return new Request(request, { headers })
}

/** Marks a page request as refused; the first refusal stands. */
export function markRefused(headers: Headers, refusal: Refusal) {
  if (!headers.has(refusedHeader)) headers.set(refusedHeader, refusal)
}

/** Answers a page write refused before routing with the app's error page for its status. */
export const refusedRequestMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  const refusal = request.headers.get(refusedHeader)
  if (!isWrite(request) || refusal === null || !Object.hasOwn(refusals, refusal)) return
  const { status, message } = refusals[refusal as Refusal]
  throw data({ message }, { status, statusText: STATUS_CODES[status] })
}
