import type { MessageJson } from './message-json.ts'

// What travels through the message hub (hub.server.ts), and what each engine's hub offers.

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

/** What each engine's hub does: deliver to this process's listeners, and to other instances' if there are any. */
export type Hub = {
  publish: (event: HubEvent) => void
  start: () => Promise<void>
  stop: () => Promise<void>
}
