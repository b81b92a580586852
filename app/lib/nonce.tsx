import { createContext, useContext } from 'react'

// The per-request CSP nonce, provided by entry.server.tsx around the whole document.
// In the browser it is empty: scripts added after hydration are loaded from our origin.
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
