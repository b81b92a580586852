import type { ServerBuild } from 'react-router'
import { createSplitRequestHandler } from '#app/lib/split-request-handler.server.ts'
import { checkApiAnswer } from './openapi-validator.ts'

// The app's request handler, so a test goes through everything a real request does: middleware (session,
// same-origin check, toasts), routing, loaders and actions. Vite builds its server build from the source
// on disk (vitest.config.ts), out of the very modules the fixtures and the tests import: one copy of the
// app, one database connection, one live hub, and never a stale build.
type Handle = (request: Request) => Promise<Response>
let handler: Handle | null = null
let renders = 0

/** How many requests React Router itself has answered: one served from a shared public page's copy adds none. */
export const renderCount = () => renders

export const origin = 'http://localhost:3000'

async function getHandler() {
  if (handler) return handler
  const build: ServerBuild = await import('virtual:react-router/server-build')
  const entry = await import('#app/entry.server.tsx') // the build's entry.module, typed
  await entry.startApp()
  // What runs around React Router (same-origin guard, shared public pages) runs here too, as in server.ts.
  const handleRequest = createSplitRequestHandler(build, 'production')
  const render: Handle = (request) => {
    renders++
    return handleRequest(request)
  }
  handler = async (request) => entry.handleAppRequest(request, render)
  return handler
}

/** The app's handler as server.ts hands it a Fetch Request (without appRequest's client address and checks). */
export async function handleFetchRequest(request: Request) {
  return (await getHandler())(request)
}

/** Loads the app and starts it (migrations, housekeeping) ahead of the first request: slow on a busy machine. */
export async function startTestApp() {
  await getHandler()
}

/** Sends a request to the app the way the browser or an API client would (same origin, client IP set by server.ts). */
export async function appRequest(pathname: string, init: RequestInit & { ip?: string; withoutOrigin?: boolean } = {}) {
  const headers = new Headers(init.headers)
  headers.set('x-pawpal-client-ip', init.ip ?? '203.0.113.7')
  const write = init.method && init.method !== 'GET'
  if (write && !init.withoutOrigin && !headers.has('authorization') && !headers.has('origin')) headers.set('origin', origin)
  const request = new Request(new URL(pathname, origin), { ...init, headers, redirect: 'manual' })
  const response = await (await getHandler())(request)
  checkApiAnswer(request.method, request.url, response, { asSent: true })
  return response
}

export function postJson(pathname: string, body: unknown, headers: HeadersInit = {}) {
  return appRequest(pathname, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...Object.fromEntries(new Headers(headers)) },
  })
}

export function postForm(pathname: string, fields: Record<string, string>, headers: HeadersInit = {}) {
  return appRequest(pathname, { method: 'POST', body: new URLSearchParams(fields), headers })
}

/** The Authorization header of an API client holding `token`. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

let accounts = 0

/** Registers a fresh owner through POST /api/auth/register, from `ip`: its e-mail, password, API token and user. */
export async function registerAccount({ ip }: { ip?: string } = {}) {
  const email = `account${++accounts}-${Date.now()}@example.com`
  const password = 'correct-horse'
  const response = await appRequest('/api/auth/register', {
    method: 'POST',
    ip,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Pat Example', email, password }),
  })
  if (response.status !== 201) throw new Error(`Registering ${email} answered ${response.status}: ${await response.text()}`)
  return { email, password, ...((await response.json()) as { accessToken: string; user: { id: string } }) }
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}
