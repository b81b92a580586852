import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { jsonError } from './api.server.ts'
import { engine } from './db.server.ts'
import { isApiPath } from './refused-request.server.ts'

// PostgreSQL restarting (or failing over) under a running instance: while it is away, every request that
// needs it fails at the connection. Such a failure is the database's, not the request's: it is answered
// with 503 and Retry-After (a browser or client tries again, a load balancer sees the gap), never a 500.
// Nothing is held back: the pool and the hub's listener connect again by themselves once it is back
// (decision 069). SQLite is a file in the process: none of its errors is one of these.

export const databaseRetryAfterSeconds = 5
export const databaseUnavailableMessage = 'Pawpal is temporarily unavailable: please try again in a moment'

/** SQLSTATEs of a connection lost or refused: class 08, the server shutting down or starting, no slot free. */
const unavailableStates = /^(08...|57P01|57P02|57P03|53300)$/
/** Socket errors of a server that is gone (or never answered). */
const unavailableSocketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** What `pg` and `pg-pool` throw themselves when the connection ended, or none came in time. */
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]

/** True when `error` says PostgreSQL could not be reached, not that the statement was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof AggregateError && error.errors.some(isConnectionFailure)) return true
  if (!(error instanceof Error)) return false
  const { code } = error as Error & { code?: unknown }
  if (typeof code === 'string' && (unavailableStates.test(code) || unavailableSocketCodes.has(code))) return true
  return unavailableMessages.some((start) => error.message.startsWith(start))
}

/** A connection failure of this process's PostgreSQL (never true on SQLite). */
export const isDatabaseUnavailable = (error: unknown) => engine === 'postgres' && isConnectionFailure(error)

/** One line for a request the database could not serve, where a 500 would log its stack. */
export function logDatabaseUnavailable(request: Request, error: unknown) {
  console.error(`Database unavailable: ${request.method} ${new URL(request.url).pathname}: ${String(error)}`)
}

/** The 503 of a request the database could not serve: the API's `{message, errors}`, a short page otherwise. */
export function databaseUnavailableResponse(request: Request) {
  const headers = { 'Retry-After': String(databaseRetryAfterSeconds), 'Cache-Control': 'no-store' }
  if (isApiPath(new URL(request.url).pathname)) return jsonError(503, databaseUnavailableMessage, {}, headers)
  return new Response(databaseUnavailableMessage, { status: 503, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } })
}

const databaseFailed = createContext(false)

/**
 * React Router's `handleError` (entry.server.tsx) hears of every error a loader, an action or a render threw,
 * before it answers 500; this marks the request when one was the database's, for the middleware below.
 */
export function noteDatabaseError(error: unknown, context: Readonly<RouterContextProvider> | undefined) {
  if (!isDatabaseUnavailable(error)) return false
  ;(context as RouterContextProvider | undefined)?.set(databaseFailed, true)
  return true
}

/**
 * The first of the root middleware: a request that failed because the database was away answers 503 with
 * Retry-After instead of 500: an API request with its JSON, a page with the app's error page it rendered.
 */
export const databaseUnavailableMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let response: Response
  try {
    response = await next()
  } catch (error) {
    // A resource route's middleware error comes through here; a page's becomes its error page.
    if (!isDatabaseUnavailable(error)) throw error
    logDatabaseUnavailable(request, error)
    return databaseUnavailableResponse(request)
  }
  if (response.status !== 500 || !context.get(databaseFailed)) return response
  if (isApiPath(new URL(request.url).pathname)) return databaseUnavailableResponse(request)
  const headers = new Headers(response.headers)
  headers.set('Retry-After', String(databaseRetryAfterSeconds))
  return new Response(response.body, { status: 503, statusText: 'Service Unavailable', headers })
}
