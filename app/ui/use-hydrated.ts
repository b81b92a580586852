import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False during server rendering and hydration, true afterwards: for controls that need JavaScript. */
export function useHydrated() {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
