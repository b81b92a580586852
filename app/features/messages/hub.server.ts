import { env } from '#app/lib/env.server.ts'
import type { Hub, HubEvent } from './hub-event.ts'
import { postgresHub } from './postgres-hub.server.ts'

// Between 'message stored' and 'sockets notified' (DESIGN.md section 5): the code that stores messages
// and read receipts publishes here; the socket server subscribes and pushes to the open sockets of the
// users an event names. One interface, one implementation per engine: on SQLite (one process) the hub is
// in-process; on PostgreSQL (N instances, DESIGN.md ruling 22) it also carries every event to the other
// instances over LISTEN/NOTIFY (postgres-hub.server.ts), which deliver it to their own sockets.
// Kept on globalThis so a dev reload of a module keeps one hub.

type Listener = (event: HubEvent) => void

const globalHub = globalThis as typeof globalThis & { __pawpalMessageHub?: { listeners: Set<Listener>; hub: Hub } }
const state = (globalHub.__pawpalMessageHub ??= (() => {
  const listeners = new Set<Listener>()
  const deliver = (event: HubEvent) => deliverTo(listeners, event)
  const hub: Hub =
    env.database.engine === 'postgres' ? postgresHub(env.database.url, deliver) : { publish: deliver, start: async () => {}, stop: async () => {} }
  return { listeners, hub }
})())

function deliverTo(listeners: Set<Listener>, event: HubEvent) {
  for (const listener of listeners) {
    try {
      listener(event)
    } catch (error) {
      console.error(`A message hub listener failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

export function publish(event: HubEvent) {
  state.hub.publish(event)
}

/** Returns the unsubscribe function. */
export function subscribe(listener: Listener) {
  state.listeners.add(listener)
  return () => void state.listeners.delete(listener)
}

/** Starts hearing other instances' events (PostgreSQL); a no-op in-process. */
export const startHub = () => state.hub.start()
export const stopHub = () => state.hub.stop()
