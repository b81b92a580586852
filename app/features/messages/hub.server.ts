import type { MessageJson } from './message-json.ts'

// Between 'message stored' and 'sockets notified' (DESIGN.md section 5): the code that stores messages
// and read receipts publishes here; the socket server subscribes and pushes to the open sockets of the
// users an event names. Events are plain JSON, so a second server instance can join later by carrying
// them across (Postgres LISTEN/NOTIFY) behind these same two functions. In-process for now, kept on
// globalThis so a dev reload of a module keeps one hub.

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

type Listener = (event: HubEvent) => void

const globalHub = globalThis as typeof globalThis & { __pawpalMessageHub?: Set<Listener> }
const listeners = (globalHub.__pawpalMessageHub ??= new Set<Listener>())

export function publish(event: HubEvent) {
  for (const listener of listeners) {
    try {
      listener(event)
    } catch (error) {
      console.error(`A message hub listener failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

/** Returns the unsubscribe function. */
export function subscribe(listener: Listener) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
