import { createContext, useContext } from 'react'

// The per-request CSP nonce, provided by entry.server.tsx around the whole document.
// Absent in the browser and on shared public pages (their CSP lists inline scripts by hash).
const NonceContext = createContext<string | undefined>(undefined)

export const NonceProvider = NonceContext.Provider

export function useNonce() {
  return useContext(NonceContext)
}
