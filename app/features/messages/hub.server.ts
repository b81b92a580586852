import { env } from '#app/lib/env.server.ts'
import type { MessageJson } from './message-json.ts'
import { postgresHub } from './postgres-hub.server.ts'

// Between 'message stored' and 'sockets notified' (DESIGN.md section 5): the code that stores messages
// and read receipts publishes here; the socket server subscribes and pushes to the open sockets of the
// users an event names. One interface, one implementation per engine: on SQLite (one process) the hub is
// in-process; on PostgreSQL (N instances, DESIGN.md ruling 22) it also carries every event to the other
// instances over LISTEN/NOTIFY (postgres-hub.server.ts), which deliver it to their own sockets.
// Kept on globalThis so a dev reload of a module keeps one hub.

export type HubEvent =
  | {
      event: 'newMessage'
      /** Whose sockets get it: the sender's (their other tabs) and the recipient's. */
      userIds: readonly string[]
      data: MessageJson
      /** The socket that sent the message: it gets the ack instead. */
      exceptConnectionId?: string
    }
  | { event: 'messageStatusUpdate'; userIds: readonly string[]; data: { messageId: string; conversationId: string; read: true } }
  /** A booking of theirs changed (its status, a review, a reply): a page that shows it may refresh. */
  | { event: 'bookingUpdate'; userIds: readonly string[]; data: { bookingId: string; status: string; change: string } }
  /** Their notifications changed (one added, some read): no frame of its own, their badge counts are pushed again. */
  | { event: 'notificationsChanged'; userIds: readonly string[] }

type Listener = (event: HubEvent) => void

/** What each engine's hub does: deliver to this process's listeners, and to other instances' if there are any. */
export type Hub = {
  publish: (event: HubEvent) => void
  start: () => Promise<void>
  stop: () => Promise<void>
}

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
