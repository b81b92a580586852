import { sql } from 'kysely'
import pg from 'pg'
import { db } from '#app/lib/db.server.ts'
import type { Hub, HubEvent } from './hub.server.ts'
import { findMessageJson } from './stored-message.server.ts'

// The hub across instances on PostgreSQL (DESIGN.md ruling 22). publish delivers to this instance's sockets
// at once and sends a NOTIFY; each instance holds one dedicated connection that LISTENs and delivers what
// the others published. A notification carries ids, never a message's text (NOTIFY payloads stop at 8,000
// bytes): the receiver reads the message by its id. Notices are sent one after the other and handled one
// after the other, so a read receipt never overtakes its message. A dropped listening connection is opened
// again after a second; what was published meanwhile is not heard, and a client's `sync` frame fetches
// the messages it missed (as after any reconnect of its own socket).

const channel = 'pawpal_hub'
const reconnectDelayMs = 1_000

type Notice =
  | { origin: string; event: 'newMessage'; userIds: readonly string[]; messageId: string; exceptConnectionId?: string }
  | ({ origin: string } & Exclude<HubEvent, { event: 'newMessage' }>)

export function postgresHub(url: string, deliver: (event: HubEvent) => void, origin: string = crypto.randomUUID()): Hub {
  let listener: pg.Client | null = null
  let reconnect: NodeJS.Timeout | undefined
  let stopped = true
  let sending = Promise.resolve()
  let handling = Promise.resolve()

  const send = (notice: Notice) => {
    sending = sending
      .then(() => sql`select pg_notify(${channel}, ${JSON.stringify(notice)})`.execute(db))
      .then(
        () => {},
        (error: unknown) => console.error(`A hub notification could not be sent: ${describe(error)}`),
      )
  }

  const hear = (payload: string | undefined) => {
    handling = handling
      .then(async () => {
        const notice = JSON.parse(payload ?? 'null') as Notice | null
        if (!notice || notice.origin === origin) return
        const event = await eventOf(notice)
        if (event) deliver(event)
      })
      .catch((error: unknown) => console.error(`A hub notification could not be handled: ${describe(error)}`))
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

async function eventOf(notice: Notice): Promise<HubEvent | null> {
  if (notice.event !== 'newMessage') {
    const { origin: _origin, ...event } = notice
    return event
  }
  const data = await findMessageJson(notice.messageId)
  return data && { event: 'newMessage', userIds: notice.userIds, data, exceptConnectionId: notice.exceptConnectionId }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error))
