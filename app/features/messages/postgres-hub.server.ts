import { sql } from 'kysely'
import pg from 'pg'
import { db } from '#app/lib/db.server.ts'
import type { Hub, HubEvent } from './hub-event.ts'
import type { MessageJson } from './message-json.ts'
import { findMessageJsons } from './stored-message.server.ts'

// The hub across instances on PostgreSQL (DESIGN.md ruling 22). publish delivers to this instance's sockets
// at once and sends a NOTIFY; each instance holds one dedicated connection that LISTENs and delivers what
// the others published. A notification carries ids, never a message's text (NOTIFY payloads stop at 8,000
// bytes): the receiver reads the message by its id. Notices are sent in order and handled in order, so a
// read receipt never overtakes its message; the notices published while a send is under way go out
// together in the next statement, and the notices heard while the receiver reads are read together, so
// a busy instance makes one round trip per batch rather than one per notice (decision 057). A dropped
// listening connection is opened again after a second; what was published meanwhile is not heard, and a
// client's `sync` frame fetches the messages it missed (as after any reconnect of its own socket).

const channel = 'pawpal_hub'
const reconnectDelayMs = 1_000
/** Notices one statement sends at most. */
const sendBatch = 500

type Notice =
  | { origin: string; event: 'newMessage'; userIds: readonly string[]; messageId: string; exceptConnectionId?: string }
  | ({ origin: string } & Exclude<HubEvent, { event: 'newMessage' }>)

export function postgresHub(url: string, deliver: (event: HubEvent) => void, origin: string = crypto.randomUUID()): Hub {
  let listener: pg.Client | null = null
  let reconnect: NodeJS.Timeout | undefined
  let stopped = true
  const outbox: Notice[] = []
  let sending: Promise<void> | null = null
  const heard: Notice[] = []
  let handling: Promise<void> | null = null

  /** Sends what waits in the outbox, a batch a statement, until it is empty. */
  const sendWaiting = async () => {
    while (outbox.length > 0) {
      const payloads = outbox.splice(0, sendBatch).map((notice) => JSON.stringify(notice))
      try {
        await sql`select pg_notify(${channel}, payload) from unnest(${payloads}::text[]) as payload`.execute(db)
      } catch (error) {
        console.error(`${payloads.length} hub notifications could not be sent: ${describe(error)}`)
      }
    }
    sending = null
  }

  const send = (notice: Notice) => {
    outbox.push(notice)
    sending ??= sendWaiting()
  }

  /** Delivers what was heard, in order, reading the messages of each batch in one query, until none is left. */
  const handleHeard = async () => {
    while (heard.length > 0) {
      const batch = heard.splice(0)
      try {
        const messages = await findMessageJsons(batch.flatMap((notice) => (notice.event === 'newMessage' ? [notice.messageId] : [])))
        for (const notice of batch) {
          const event = eventOf(notice, messages)
          if (event) deliver(event)
        }
      } catch (error) {
        console.error(`${batch.length} hub notifications could not be handled: ${describe(error)}`)
      }
    }
    handling = null
  }

  const hear = (payload: string | undefined) => {
    let notice: Notice | null
    try {
      notice = JSON.parse(payload ?? 'null') as Notice | null
    } catch (error) {
      return console.error(`A hub notification could not be read: ${describe(error)}`)
    }
    if (!notice || notice.origin === origin) return
    heard.push(notice)
    handling ??= handleHeard()
  }

  const listen = async () => {
    const client = new pg.Client({ connectionString: url, application_name: 'pawpal-hub' })
    const dropped = () => {
      if (listener !== client) return
      listener = null
      void client.end().catch(() => {})
      if (!stopped) reconnect = setTimeout(() => void listen().catch(retry), reconnectDelayMs)
    }
    const retry = (error: unknown) => {
      console.error(`The hub's listening connection failed: ${describe(error)}`)
      if (!stopped) reconnect = setTimeout(() => void listen().catch(retry), reconnectDelayMs)
    }
    client.on('notification', (message) => {
      if (message.channel === channel) hear(message.payload)
    })
    client.on('error', dropped)
    client.on('end', dropped)
    try {
      await client.connect()
      await client.query(`listen ${channel}`)
    } catch (error) {
      void client.end().catch(() => {})
      throw error
    }
    if (stopped) return void client.end().catch(() => {})
    listener = client
  }

  return {
    publish(event) {
      deliver(event)
      send(toNotice(event, origin))
    },
    async start() {
      if (!stopped) return
      stopped = false
      await listen()
    },
    async stop() {
      stopped = true
      clearTimeout(reconnect)
      const client = listener
      listener = null
      await client?.end().catch(() => {})
      await sending
      await handling
    },
  }
}

function toNotice(event: HubEvent, origin: string): Notice {
  if (event.event !== 'newMessage') return { origin, ...event }
  const { userIds, data, exceptConnectionId } = event
  return { origin, event: 'newMessage', userIds, messageId: data.id, exceptConnectionId }
}

/** The event a notice names; a newMessage whose message is gone (deleted meanwhile) is none. */
function eventOf(notice: Notice, messages: ReadonlyMap<string, MessageJson>): HubEvent | null {
  if (notice.event !== 'newMessage') {
    const { origin: _origin, ...event } = notice
    return event
  }
  const data = messages.get(notice.messageId)
  return data ? { event: 'newMessage', userIds: notice.userIds, data, exceptConnectionId: notice.exceptConnectionId } : null
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
