import { RouterContextProvider } from 'react-router'
import { userContext } from '#app/features/accounts/user-context.ts'
import type { SessionUser } from '#app/features/accounts/session.server.ts'

// Calling a route module's loader or action directly, as React Router would after its middleware.

/** The request context with the signed-in user the root middleware would have put there. */
export function contextFor(user: SessionUser | null) {
  const context = new RouterContextProvider()
  context.set(userContext, user)
  return context
}

/** Runs a loader or action; a thrown Response (401, redirect) is the answer, as in React Router. */
export async function settle<T>(run: () => Promise<T>): Promise<T | Response> {
  try {
    return await run()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

export function asResponse(value: unknown): Response {
  if (!(value instanceof Response)) throw new Error(`Expected a Response, got ${JSON.stringify(value)}`)
  return value
}
