import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { WebSocket } from 'ws'
import { findFreePort, type ServerProcess } from '#tests/server-process.ts'
import { bothInstances, cpuMillisecondsOf, formatLoad, load, percentile, startBareServer } from './load.ts'
import { startBenchPostgres, startInstances } from './postgres.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'

// `npx node bench/messages.ts [--sockets 1000] [--rate 200] [--seconds 10] [--rounds 1] [--postgres | --postgres-url <url>]`
// (npm run build first): DESIGN.md section 8's chat budgets on the production server with a fresh database:
// SQLite, or with --postgres a new database on an embedded PostgreSQL from node_modules (or on the server at
// --postgres-url) and two instances of the app sharing it (issue 18), where every storm runs twice: all
// sockets on one instance, then every message sent from a socket on instance A to a socket on instance B
// (the fan-out over LISTEN/NOTIFY, decision 049).
// 1. `sockets` users each hold one open socket; the server's memory per socket is its resident memory
//    after they connected less before, divided by their number.
// 2. A message storm: `rate` messages a second for `seconds` from random users to random others over the
//    socket, after a 2 s warm-up storm. Delivery latency runs from the send to the recipient's newMessage (one clock: this process);
//    a message acknowledged but never delivered is lost (the budget: none), one neither acknowledged nor
//    refused within 5 s after the storm is unanswered. The same storm then runs against a bare ws relay
//    (bench/bare-relay.ts) with the same users, the yardstick. Each side's CPU time per message (from /proc,
//    all its threads) barely moves when other work shares the machine; latencies do. With `rounds` above 1
//    the app and the relay take turns that many times and the medians follow.
// 3. The conversation list of a user with 1,000 conversations: the feature function's median and p99 for the
//    first page in this process, the time to walk all of it by cursor in pages of 100, then
//    GET /api/messages/conversations (its first page) at 10 connections beside a bare node:http server
//    sending the same bytes.

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '1' },
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string' },
  },
})
const socketCount = Number(values.sockets)
const rate = Number(values.rate)
const seconds = Number(values.seconds)
const rounds = Number(values.rounds)
if (!existsSync('build/server/index.js')) throw new Error('No production build: run npm run build first')

const secret = randomBytes(32).toString('hex')
const postgres = values.postgres || values['postgres-url'] !== undefined ? await startBenchPostgres({ serverUrl: values['postgres-url'], large: false }) : null
// Every socket comes from loopback: lift the per-address upgrade limit (SOCKET_UPGRADES_PER_MINUTE).
const environment = { SESSION_SECRET: secret, SOCKET_UPGRADES_PER_MINUTE: '1000000', SEED_DEMO: 'false' }
const instances = await startInstances(postgres ? 2 : 1, postgres ? { ...environment, DATABASE_URL: postgres.databaseUrl } : environment)
const [server, other] = instances as [ServerProcess, ...ServerProcess[]]
// This process writes the users and their sessions into the servers' database, with the servers' secret.
process.env.DATABASE_URL = postgres?.databaseUrl ?? `file:${server.databaseFile}`
process.env.SESSION_SECRET = secret
const engineLabel = postgres ? 'PostgreSQL' : 'SQLite'
process.env.SEED_DEMO = 'false'
const { db } = await import('#app/lib/db.server.ts')
const { createSession, issueAccessToken } = await import('#app/features/accounts/session.server.ts')
const { listConversationsFor } = await import('#app/features/messages/conversations.server.ts')
const { conversationPageSize } = await import('#app/features/messages/schema.ts')

const residentMegabytes = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024

type User = { id: string; token: string }

async function insertUsers(count: number, prefix: string): Promise<User[]> {
  const now = new Date().toISOString()
  const rows = Array.from({ length: count }, (_, index) => ({
    id: crypto.randomUUID(),
    email: `${prefix}-${index}-${crypto.randomUUID().slice(0, 6)}@bench.example`,
    name: `${prefix} ${index}`,
    createdAt: now,
    updatedAt: now,
  }))
  for (let start = 0; start < rows.length; start += 500) await db.insertInto('users').values(rows.slice(start, start + 500)).execute()
  const users: User[] = []
  for (const row of rows) users.push({ id: row.id, token: await issueAccessToken(await createSession(row.id, 'token', 'bench')) })
  return users
}

/** Why the server closed sockets (close code and reason), since the last closeAll. */
const closedBy = new Map<string, number>()

/** Opens one socket per user, 100 at a time; `urlFor` names where. */
async function connectAll(users: readonly User[], urlFor: (user: User) => string) {
  const sockets = new Map<string, WebSocket>()
  for (let start = 0; start < users.length; start += 100) {
    await Promise.all(
      users.slice(start, start + 100).map(
        (user) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(urlFor(user))
            socket.once('open', () => (sockets.set(user.id, socket), resolve()))
            socket.once('close', (code, reason) => {
              const why = `${code} ${reason.toString()}`
              closedBy.set(why, (closedBy.get(why) ?? 0) + 1)
            })
            socket.once('error', reject)
          }),
      ),
    )
  }
  return sockets
}

type StormResult = {
  sent: number
  acknowledged: number
  refused: number
  unanswered: number
  delivered: number
  lost: number
  p50: number
  p99: number
  max: number
  /** CPU time of the server process (all threads) per message sent, in ms. */
  cpuPerMessage: number
}

/** Who writes to whom in a storm: a random sender to a random other recipient. */
type Pairs = { senders: readonly User[]; recipients: readonly User[] }

/** `rate` messages a second for `durationSeconds` between random pairs; waits up to 5 s for the last deliveries. */
async function storm({ senders, recipients }: Pairs, sockets: Map<string, WebSocket>, serverPids: readonly number[], durationSeconds = seconds): Promise<StormResult> {
  const cpuOf = () => serverPids.reduce((sum, pid) => sum + cpuMillisecondsOf(pid), 0)
  const sentAt = new Map<string, number>()
  const acknowledged = new Set<string>()
  const delivered = new Map<string, number>()
  let refused = 0
  let frameId = 0
  for (const socket of sockets.values()) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(socketFrameText(raw)) as { event: string; data?: { message?: { content: string }; content?: string }; error?: string }
      if (frame.event === 'newMessage' && frame.data?.content) {
        const started = sentAt.get(frame.data.content)
        if (started !== undefined && !delivered.has(frame.data.content)) delivered.set(frame.data.content, performance.now() - started)
      } else if (frame.event === 'ack') {
        if (frame.error) refused += 1
        else if (frame.data?.message) acknowledged.add(frame.data.message.content)
      }
    })
  }
  const cpuBefore = cpuOf()
  const started = performance.now()
  const ends = started + durationSeconds * 1000
  while (performance.now() < ends) {
    const owed = Math.floor(((performance.now() - started) / 1000) * rate) - sentAt.size
    for (let count = 0; count < owed; count++) {
      const from = senders[Math.floor(Math.random() * senders.length)]!
      let to = from
      while (to === from) to = recipients[Math.floor(Math.random() * recipients.length)]!
      const content = `storm ${crypto.randomUUID()}`
      sentAt.set(content, performance.now())
      sockets.get(from.id)?.send(JSON.stringify({ event: 'sendMessage', id: ++frameId, data: { recipientId: to.id, content, clientId: crypto.randomUUID() } }))
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  const grace = performance.now() + 5000
  while (performance.now() < grace && (acknowledged.size + refused < sentAt.size || [...acknowledged].some((content) => !delivered.has(content)))) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  for (const socket of sockets.values()) socket.removeAllListeners('message')
  const latencies = [...delivered.values()].sort((a, b) => a - b)
  return {
    sent: sentAt.size,
    acknowledged: acknowledged.size,
    refused,
    unanswered: sentAt.size - acknowledged.size - refused,
    delivered: delivered.size,
    lost: [...acknowledged].filter((content) => !delivered.has(content)).length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
    cpuPerMessage: (cpuOf() - cpuBefore) / sentAt.size,
  }
}

const formatStorm = (result: StormResult) =>
  `${result.sent} sent, ${result.acknowledged} acknowledged, ${result.refused} refused, ${result.unanswered} unanswered, ` +
  `${result.delivered} delivered, ${result.lost} lost; ` +
  `delivery p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms; ${result.cpuPerMessage.toFixed(2)} ms of CPU per message`

const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5)

const formatMedians = (results: StormResult[]) =>
  `delivery p50 ${median(results.map((r) => r.p50)).toFixed(1)} ms, p99 ${median(results.map((r) => r.p99)).toFixed(1)} ms, ` +
  `max ${median(results.map((r) => r.max)).toFixed(1)} ms, ${median(results.map((r) => r.cpuPerMessage)).toFixed(2)} ms of CPU per message; ${results.reduce((sum, r) => sum + r.lost, 0)} lost and ` +
  `${results.reduce((sum, r) => sum + r.unanswered, 0)} unanswered of ${results.reduce((sum, r) => sum + r.sent, 0)} in all`

async function startBareRelay() {
  const port = await findFreePort()
  const child: ChildProcess = spawn(process.execPath, ['bench/bare-relay.ts', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()))
  return { url: `ws://127.0.0.1:${port}`, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') }
}

/** Closes every socket; one the server already closed counts as closed (its 'close' event is past). */
const closeAll = async (sockets: Map<string, WebSocket>) => {
  const open = [...sockets.values()].filter((socket) => socket.readyState !== WebSocket.CLOSED)
  if (open.length < sockets.size) console.info(`  (${sockets.size - open.length} of ${sockets.size} sockets were closed by the server: ${[...closedBy].map(([why, count]) => `${why} x${count}`).join(', ')})`)
  await Promise.all(open.map((socket) => new Promise((resolve) => (socket.once('close', resolve), socket.close()))))
  closedBy.clear()
}

/** Connects every user's socket, storms after a warm-up, and closes them again. */
async function stormOver(pairs: Pairs, urlFor: (user: User) => string, serverPids: readonly number[]) {
  const sockets = await connectAll([...new Set([...pairs.senders, ...pairs.recipients])], urlFor)
  await storm(pairs, sockets, serverPids, 2) // warm-up: the server compiles and prepares as it would after a while in use
  const result = await storm(pairs, sockets, serverPids)
  await closeAll(sockets)
  return result
}

try {
  console.info(`${engineLabel}${other ? ', two instances' : ''}; ${socketCount} sockets; a storm of ${rate} messages/s for ${seconds} s${rounds > 1 ? `, ${rounds} rounds` : ''}; load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}\n`)
  const users = await insertUsers(socketCount, 'Chatter')
  const before = residentMegabytes()
  const socketUrl = `${server.url.replace('http', 'ws')}/ws`
  const sockets = await connectAll(users, (user) => `${socketUrl}?token=${user.token}`)
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = residentMegabytes()
  console.info(`Memory: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB with ${sockets.size} sockets open: ${(((after - before) * 1024) / sockets.size).toFixed(1)} KB per socket`)
  await closeAll(sockets)

  const relay = await startBareRelay()
  const everyone = { senders: users, recipients: users }
  // With two instances: the first half writes from sockets on the first, the second half reads on the other.
  const half = Math.floor(users.length / 2)
  const across = { senders: users.slice(0, half), recipients: users.slice(half) }
  const otherSocketUrl = other ? `${other.url.replace('http', 'ws')}/ws` : socketUrl
  const onTheirSide = (user: User) => `${across.senders.includes(user) ? socketUrl : otherSocketUrl}?token=${user.token}`
  const results: { app: StormResult[]; across: StormResult[]; bare: StormResult[] } = { app: [], across: [], bare: [] }
  const say = (label: string, round: number, result: StormResult) => console.info(`Storm${rounds > 1 ? ` ${round}` : ''}, ${label} ${formatStorm(result)}`)
  try {
    for (let round = 1; round <= rounds; round++) {
      results.app.push(await stormOver(everyone, (user) => `${socketUrl}?token=${user.token}`, [server.pid]))
      say(`${engineLabel}, one instance:`, round, results.app.at(-1)!)
      if (other) {
        results.across.push(await stormOver(across, onTheirSide, [server.pid, other.pid]))
        say(`${engineLabel}, instance A to instance B:`, round, results.across.at(-1)!)
      }
      results.bare.push(await stormOver(everyone, (user) => `${relay.url}/?user=${user.id}`, [relay.pid]))
      say('bare ws relay:', round, results.bare.at(-1)!)
    }
  } finally {
    relay.stop()
  }
  if (rounds > 1) {
    console.info(`Medians of ${rounds} rounds, ${engineLabel}, one instance: ${formatMedians(results.app)}`)
    if (other) console.info(`Medians of ${rounds} rounds, ${engineLabel}, instance A to instance B: ${formatMedians(results.across)}`)
    console.info(`Medians of ${rounds} rounds, bare ws relay: ${formatMedians(results.bare)}`)
  }
  // SQLite never shrinks the log file, so its size is the most the log held (decision 034: it starts over).
  if (!postgres) console.info(`The server's write-ahead log file after the storms: ${(statSync(`${server.databaseFile}-wal`).size / 1024 / 1024).toFixed(1)} MB\n`)

  const [busy] = await insertUsers(1, 'Busy')
  const partners = await insertUsers(1000, 'Partner')
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1) + minutes * 60_000).toISOString()
  const conversations = partners.map((partner, index) => ({
    id: crypto.randomUUID(),
    userAId: busy!.id < partner.id ? busy!.id : partner.id,
    userBId: busy!.id < partner.id ? partner.id : busy!.id,
    createdAt: at(index * 3),
    lastMessageAt: at(index * 3 + 2),
  }))
  await db.insertInto('conversations').values(conversations).execute()
  const messages = conversations.flatMap((conversation, index) =>
    [0, 1, 2].map((turn) => {
      const fromBusy = turn === 1
      const partnerId = partners[index]!.id
      return {
        id: crypto.randomUUID(),
        conversationId: conversation.id,
        senderId: fromBusy ? busy!.id : partnerId,
        recipientId: fromBusy ? partnerId : busy!.id,
        content: `Turn ${turn} of conversation ${index}: is Saturday morning still good for the walk?`,
        createdAt: at(index * 3 + turn),
        readAt: turn === 2 && index % 3 === 0 ? null : at(index * 3 + turn),
      }
    }),
  )
  for (let start = 0; start < messages.length; start += 500) await db.insertInto('messages').values(messages.slice(start, start + 500)).execute()

  const timings: number[] = []
  for (let run = 0; run < 220; run++) {
    const started = performance.now()
    const { conversations: list } = await listConversationsFor(busy!.id)
    if (run >= 20) timings.push(performance.now() - started)
    if (list.length !== conversationPageSize) throw new Error(`expected a page of ${conversationPageSize} conversations, got ${list.length}`)
  }
  timings.sort((a, b) => a - b)
  console.info(
    `Conversation list of a user with 1,000 conversations, first page of ${conversationPageSize} (listConversationsFor, 200 runs): median ${percentile(timings, 0.5).toFixed(1)} ms, p99 ${percentile(timings, 0.99).toFixed(1)} ms`,
  )
  const walk = performance.now()
  let pages = 0
  let cursor: Awaited<ReturnType<typeof listConversationsFor>>['next'] = null
  do {
    const page: Awaited<ReturnType<typeof listConversationsFor>> = await listConversationsFor(busy!.id, { position: { after: cursor ?? undefined }, limit: 100 })
    cursor = page.next
    pages++
  } while (cursor)
  console.info(`All 1,000 conversations in pages of 100 (${pages} pages): ${(performance.now() - walk).toFixed(1)} ms`)

  const headers = { authorization: `Bearer ${busy!.token}` }
  const first = await fetch(`${server.url}/api/messages/conversations`, { headers })
  const body = Buffer.from(await first.arrayBuffer())
  const bareServer = await startBareServer(body, first.headers.get('content-type') ?? 'application/json')
  try {
    const listOn = (instance: ServerProcess, connections: number) =>
      load(`${instance.url}/api/messages/conversations`, { seconds: 5, connections, headers, serverPid: instance.pid })
    const appLoad = await listOn(server, 10)
    console.info(`GET /api/messages/conversations (${(body.length / 1024).toFixed(0)} KB, 10 connections, 5 s)`)
    console.info(`  ${engineLabel}, one instance   ${formatLoad(appLoad)}`)
    if (other) {
      // Five connections to each instance.
      const both = bothInstances(await Promise.all([listOn(server, 5), listOn(other, 5)]))
      console.info(`  ${engineLabel}, two instances  ${formatLoad(both)}`)
    }
    console.info(`  bare node:http            ${formatLoad(await load(bareServer.url, { seconds: 5, connections: 10 }))}`)
  } finally {
    bareServer.stop()
  }
} finally {
  await db.destroy()
  await Promise.all(instances.map((instance) => instance.dispose()))
  await postgres?.stop()
}
