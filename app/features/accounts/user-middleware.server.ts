import { createContext, type MiddlewareFunction } from 'react-router'
import { userContext } from './user-context.ts'
import { dropStoredPages } from './sign-in.server.ts'
import { findSessionUser, readSessionId, sessionCookie } from './session.server.ts'

/** True when the request carried a session that is no longer valid (expired, revoked, suspended). */
export const sessionExpiredContext = createContext(false)

/**
 * Puts the signed-in user (or null) into the request context for every loader and action, and
 * drops a browser cookie whose session is gone.
 */
export const loadUserMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const presented = await readSessionId(request)
  const user = presented ? await findSessionUser(presented.id) : null
  context.set(userContext, user)
  context.set(sessionExpiredContext, Boolean(presented && !user))
  const response = await next()
  if (presented?.kind === 'cookie' && !user && !response.headers.getSetCookie().some((c) => c.startsWith('__session='))) {
    response.headers.append('set-cookie', await sessionCookie.serialize('', { maxAge: 0 }))
    response.headers.set(...dropStoredPages)
  }
  return response
}
