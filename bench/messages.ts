import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { WebSocket } from 'ws'
import { findFreePort, startServerProcess } from '#tests/server-process.ts'
import { formatLoad, load, percentile, startBareServer } from './load.ts'

// `npx node bench/messages.ts [--sockets 1000] [--rate 200] [--seconds 10]` (npm run build first):
// DESIGN.md section 8's chat budgets on the production server with a fresh database.
// 1. `sockets` users each hold one open socket; the server's memory per socket is its resident memory
//    after they connected less before, divided by their number.
// 2. A message storm: `rate` messages a second for `seconds` from random users to random others over the
//    socket, after a 2 s warm-up storm. Delivery latency runs from the send to the recipient's newMessage (one clock: this process);
//    a message acknowledged but never delivered is lost (the budget: none). The same storm then runs
//    against a bare ws relay (bench/bare-relay.ts) with the same sockets, the yardstick.
// 3. The conversation list of a user with 1,000 conversations: the feature function's median and p99 in
//    this process, then GET /api/messages/conversations at 10 connections beside a bare node:http server
//    sending the same bytes.

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '10' },
  },
})
const socketCount = Number(values.sockets)
const rate = Number(values.rate)
const seconds = Number(values.seconds)
if (!existsSync('build/server/index.js')) throw new Error('No production build: run npm run build first')

const secret = randomBytes(32).toString('hex')
const server = await startServerProcess({
  root: path.resolve('.'),
  directory: mkdtempSync(path.join(tmpdir(), 'pawpal-bench-messages-')),
  environment: { SESSION_SECRET: secret },
})
// This process writes the users and their sessions into the server's database, with the server's secret.
process.env.DATABASE_URL = `file:${server.databaseFile}`
process.env.SESSION_SECRET = secret
process.env.SEED_DEMO = 'false'
const { db } = await import('#app/lib/db.server.ts')
const { createSession, issueAccessToken } = await import('#app/features/accounts/session.server.ts')
const { listConversationsFor } = await import('#app/features/messages/conversations.server.ts')

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
            socket.once('error', reject)
          }),
      ),
    )
  }
  return sockets
}

type StormResult = { sent: number; acknowledged: number; refused: number; delivered: number; lost: number; p50: number; p99: number; max: number }

/** `rate` messages a second for `durationSeconds` between random pairs; waits up to 5 s for the last deliveries. */
async function storm(users: readonly User[], sockets: Map<string, WebSocket>, durationSeconds = seconds): Promise<StormResult> {
  const sentAt = new Map<string, number>()
  const acknowledged = new Set<string>()
  const delivered = new Map<string, number>()
  let refused = 0
  let frameId = 0
  for (const socket of sockets.values()) {
    socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data?: { message?: { content: string }; content?: string }; error?: string }
      if (frame.event === 'newMessage' && frame.data?.content) {
        const started = sentAt.get(frame.data.content)
        if (started !== undefined && !delivered.has(frame.data.content)) delivered.set(frame.data.content, performance.now() - started)
      } else if (frame.event === 'ack') {
        if (frame.error) refused += 1
        else if (frame.data?.message) acknowledged.add(frame.data.message.content)
      }
    })
  }
  const started = performance.now()
  const ends = started + durationSeconds * 1000
  while (performance.now() < ends) {
    const owed = Math.floor(((performance.now() - started) / 1000) * rate) - sentAt.size
    for (let count = 0; count < owed; count++) {
      const from = users[Math.floor(Math.random() * users.length)]!
      let to = from
      while (to === from) to = users[Math.floor(Math.random() * users.length)]!
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
    delivered: delivered.size,
    lost: [...acknowledged].filter((content) => !delivered.has(content)).length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? Number.NaN,
  }
}

const formatStorm = (result: StormResult) =>
  `${result.sent} sent, ${result.acknowledged} acknowledged, ${result.refused} refused, ${result.delivered} delivered, ${result.lost} lost; ` +
  `delivery p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, max ${result.max.toFixed(1)} ms`

async function startBareRelay() {
  const port = await findFreePort()
  const child: ChildProcess = spawn(process.execPath, ['bench/bare-relay.ts', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()))
  return { url: `ws://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') }
}

const closeAll = async (sockets: Map<string, WebSocket>) => {
  await Promise.all([...sockets.values()].map((socket) => new Promise((resolve) => (socket.once('close', resolve), socket.close()))))
}

try {
  console.info(`${socketCount} sockets; a storm of ${rate} messages/s for ${seconds} s\n`)
  const users = await insertUsers(socketCount, 'Chatter')
  const before = residentMegabytes()
  const socketUrl = `${server.url.replace('http', 'ws')}/ws`
  const sockets = await connectAll(users, (user) => `${socketUrl}?token=${user.token}`)
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const after = residentMegabytes()
  console.info(`Memory: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB with ${sockets.size} sockets open: ${(((after - before) * 1024) / sockets.size).toFixed(1)} KB per socket`)

  await storm(users, sockets, 2) // warm-up: the server compiles and prepares as it would after a while in use
  const app = await storm(users, sockets)
  await closeAll(sockets)
  const relay = await startBareRelay()
  try {
    const bareSockets = await connectAll(users, (user) => `${relay.url}/?user=${user.id}`)
    await storm(users, bareSockets, 2)
    const bare = await storm(users, bareSockets)
    await closeAll(bareSockets)
    console.info(`Storm, app:  ${formatStorm(app)}`)
    console.info(`Storm, bare: ${formatStorm(bare)}\n`)
  } finally {
    relay.stop()
  }

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
    const list = await listConversationsFor(busy!.id)
    if (run >= 20) timings.push(performance.now() - started)
    if (list.length !== 1000) throw new Error(`expected 1,000 conversations, got ${list.length}`)
  }
  timings.sort((a, b) => a - b)
  console.info(`Conversation list of a user with 1,000 conversations (listConversationsFor, 200 runs): median ${percentile(timings, 0.5).toFixed(1)} ms, p99 ${percentile(timings, 0.99).toFixed(1)} ms`)

  const headers = { authorization: `Bearer ${busy!.token}` }
  const first = await fetch(`${server.url}/api/messages/conversations`, { headers })
  const body = Buffer.from(await first.arrayBuffer())
  const bareServer = await startBareServer(body, first.headers.get('content-type') ?? 'application/json')
  try {
    const appLoad = await load(`${server.url}/api/messages/conversations`, { seconds: 5, connections: 10, headers })
    const bareLoad = await load(bareServer.url, { seconds: 5, connections: 10 })
    console.info(`GET /api/messages/conversations (${(body.length / 1024).toFixed(0)} KB, 10 connections, 5 s)`)
    console.info(`  app   ${formatLoad(appLoad)}`)
    console.info(`  bare  ${formatLoad(bareLoad)}`)
  } finally {
    bareServer.stop()
  }
} finally {
  await db.destroy()
  await server.dispose()
}
