import { createContext, type RouterContextProvider } from 'react-router'
import type { SessionUser } from './session.server.ts'

/** The signed-in user, set by the root middleware for every request (null when signed out). */
export const userContext = createContext<SessionUser | null>(null)

export function getOptionalUser(context: Readonly<RouterContextProvider>) {
  return context.get(userContext)
}
