import type { MiddlewareFunction } from 'react-router'
import { env } from './env.server.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cookie-authenticated writes must come from our own pages (DESIGN.md ruling 9): a POST whose Origin
 * (or Referer) names another site is refused. Bearer-token requests carry no ambient credentials.
 */
export const originCheckMiddleware: MiddlewareFunction<Response> = async ({ request }) => {
  if (safeMethods.has(request.method) || request.headers.has('authorization')) return
  const source = request.headers.get('origin') ?? request.headers.get('referer')
  if (!source || source === 'null') return
  let origin: string
  try {
    origin = new URL(source).origin
  } catch {
    throw Response.json({ message: 'Cross-site request refused', errors: {} }, { status: 403 })
  }
  const own = new Set([new URL(request.url).origin, new URL(env.PUBLIC_URL).origin])
  if (!own.has(origin)) throw Response.json({ message: 'Cross-site request refused', errors: {} }, { status: 403 })
}
