// `npx node bench/capacity.ts [--seconds 5] [--sockets 500] [--messages 1000]` (npm run build first): the figures
// docs/capacity.md's plan rests on, on PostgreSQL (an embedded server from node_modules with pg_stat_statements)
// and two production instances on the demo data, as docs/deploy.md runs them:
// 1. Each common page and call of the day's mix at 10 connections on one instance, beside a bare node:http server
//    sending the same bytes: requests/s, the app's CPU per request, PostgreSQL's CPU per request (all its
//    processes), statements and transactions per request, and the most connections busy at once.
// 2. What an idle instance costs: its CPU and its statements per minute (timers: sweeps, queues, housekeeping).
// 3. `sockets` sockets of as many users on one instance (bench/messages.ts measures their memory).
// 4. LISTEN/NOTIFY fan-out: `messages` chat messages sent through instance A between users whose sockets are on A;
//    instance B, with no socket open, still receives every notification: its CPU per message is what each further
//    instance costs per message; and the bytes a stored message takes (table and indexes).
import { readFileSync, readdirSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Client } from 'pg'
import { WebSocket } from 'ws'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'
import { databaseOn, startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { cpuMillisecondsOf, formatLoad, load, startBareServer } from './load.ts'
import { startInstances } from './postgres.ts'

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    sockets: { type: 'string', default: '500' },
    messages: { type: 'string', default: '1000' },
  },
})
const seconds = Number(values.seconds)
const socketCount = Number(values.sockets)
const messageCount = Number(values.messages)

const postgres = await startEmbeddedPostgres(path.resolve('tests/.tmp', `capacity-postgres-${process.pid}`), {
  settings: { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all' },
})
const admin = new Client({ connectionString: postgres.url })
await admin.connect()
await admin.query('create database capacity')
const databaseUrl = databaseOn(postgres.url, 'capacity')
const secret = randomBytes(32).toString('hex')
const [a, b] = await startInstances(2, { DATABASE_URL: databaseUrl, SESSION_SECRET: secret, SEED_DEMO: 'true', SOCKET_UPGRADES_PER_MINUTE: String(socketCount * 2) })
if (!a || !b) throw new Error('Two instances did not start')
process.env.DATABASE_URL = databaseUrl
process.env.SESSION_SECRET = secret
process.env.SEED_DEMO = 'false'
const { db } = await import('#app/lib/db.server.ts')
const { apiTokenFor, browserCookieFor, insertSitter, insertUser } = await import('#tests/integration/fixtures.ts')
const stats = new Client({ connectionString: databaseUrl })
await stats.connect()
await stats.query('create extension if not exists pg_stat_statements')

/** Statements PostgreSQL ran so far for the app (this script's own questions about statistics left out). */
async function statementsSoFar() {
  const { rows } = await stats.query<{ calls: string }>(
    "select coalesce(sum(calls), 0) as calls from pg_stat_statements where query not ilike '%pg_stat%' and query not ilike '%pg_backend%'",
  )
  return Number(rows[0]?.calls ?? 0)
}

async function transactionsSoFar() {
  const { rows } = await stats.query<{ xacts: string }>("select xact_commit + xact_rollback as xacts from pg_stat_database where datname = 'capacity'")
  return Number(rows[0]?.xacts ?? 0)
}

/** CPU time of every PostgreSQL process (the server and its backends), by process id. */
function postgresCpu() {
  const cpu = new Map<number, number>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const command = readFileSync(`/proc/${entry}/comm`, 'utf8').trim()
    if (command.startsWith('postgres')) cpu.set(Number(entry), cpuMillisecondsOf(Number(entry)))
  }
  return cpu
}
const postgresCpuSince = (before: Map<number, number>) => [...postgresCpu()].reduce((sum, [pid, now]) => sum + now - (before.get(pid) ?? 0), 0)

/** Samples how many of the database's connections run a statement, every 10 ms, until stopped; the most seen. */
function busyConnections() {
  let most = 0
  let running = true
  const sample = async () => {
    while (running) {
      const { rows } = await stats.query<{ busy: string }>(
        "select count(*) as busy from pg_stat_activity where datname = 'capacity' and state = 'active' and pid <> pg_backend_pid()",
      )
      most = Math.max(most, Number(rows[0]?.busy ?? 0))
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  }
  const sampling = sample()
  return async () => {
    running = false
    await sampling
    return most
  }
}

const owner = await db.selectFrom('users').select('id').where('email', '=', 'owner@pawpal.test').executeTakeFirstOrThrow()
const sitter = await db.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
const ownerCookie = await browserCookieFor(owner)
const sitterCookie = await browserCookieFor(sitter)
const ownerToken = await apiTokenFor(owner)

console.info(`Capacity figures: PostgreSQL (embedded), two production instances, demo data; ${seconds} s per figure, 10 connections`)
console.info('\n1. Per request, on one instance')
const mix: [string, string, Record<string, string>][] = [
  ['GET /sitters (anonymous, shared copy)', '/sitters', {}],
  ['GET /sitters (signed in)', '/sitters', { cookie: ownerCookie }],
  ['GET /bookings (owner)', '/bookings', { cookie: ownerCookie }],
  ['GET /bookings-sitter (sitter)', '/bookings-sitter', { cookie: sitterCookie }],
  ['GET /messages (owner)', '/messages', { cookie: ownerCookie }],
  ['GET /notifications (owner)', '/notifications', { cookie: ownerCookie }],
  ['GET /api/bookings', '/api/bookings', { authorization: `Bearer ${ownerToken}` }],
  ['GET /api/messages/conversations', '/api/messages/conversations', { authorization: `Bearer ${ownerToken}` }],
  ['GET /api/users/sitters?bbox (a new box each time)', '/api/users/sitters?bbox=8.50,47.36,8.58,47.39{n}&limit=100', {}],
]
let asked = 0
for (const [name, target, headers] of mix) {
  const url = (path: string) => `${a.url}${path.replaceAll('{n}', () => String(++asked).padStart(6, '0'))}`
  const first = await fetch(url(target), { headers })
  if (first.status !== 200) throw new Error(`${target} answered ${first.status}`)
  const body = Buffer.from(await first.arrayBuffer())
  const statementsBefore = await statementsSoFar()
  const transactionsBefore = await transactionsSoFar()
  const postgresBefore = postgresCpu()
  const mostBusy = busyConnections()
  const result = await load(url(target), { seconds, connections: 10, headers, serverPid: a.pid, freshUrl: target.includes('{n}') ? () => url(target) : undefined })
  const busy = await mostBusy()
  const statements = ((await statementsSoFar()) - statementsBefore) / result.requests
  const transactions = ((await transactionsSoFar()) - transactionsBefore) / result.requests
  const databaseCpu = postgresCpuSince(postgresBefore) / result.requests
  const bare = await startBareServer(body, first.headers.get('content-type') ?? 'text/html')
  try {
    console.info(`\n${name} (${(body.length / 1024).toFixed(1)} KB)`)
    console.info(`  Pawpal           ${formatLoad(result)}`)
    console.info(`                   PostgreSQL CPU ${databaseCpu.toFixed(2)} ms/request   ${statements.toFixed(1)} statements and ${transactions.toFixed(1)} transactions per request   at most ${busy} of the pool's connections busy`)
    console.info(`  bare node:http   ${formatLoad(await load(bare.url, { seconds, connections: 10, serverPid: bare.pid }))}`)
  } finally {
    bare.stop()
  }
}

console.info('\n2. Idle instances (timers: sweeps, queues, housekeeping)')
{
  const idleSeconds = Math.max(20, seconds * 4)
  const cpuBefore = [cpuMillisecondsOf(a.pid), cpuMillisecondsOf(b.pid)]
  const statementsBefore = await statementsSoFar()
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000))
  const perMinute = (value: number) => (value * 60) / idleSeconds
  const cpu = perMinute((cpuMillisecondsOf(a.pid) - cpuBefore[0]! + cpuMillisecondsOf(b.pid) - cpuBefore[1]!) / 2)
  const statements = perMinute(((await statementsSoFar()) - statementsBefore) / 2)
  console.info(`  per instance: ${cpu.toFixed(0)} ms of CPU and ${statements.toFixed(0)} statements a minute (over ${idleSeconds} s)`)
}

type Member = { id: string; token: string }
async function members(count: number, kind: 'owner' | 'sitter'): Promise<Member[]> {
  const made: Member[] = []
  for (let index = 0; index < count; index++) {
    const user = kind === 'owner' ? await insertUser({ name: `Capacity owner ${index}` }) : await insertSitter({ name: `Capacity sitter ${index}` })
    made.push({ id: user.id, token: await apiTokenFor(user) })
  }
  return made
}

const openSocket = (server: { url: string }, member: Member) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${member.token}`)
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })

console.info(`\n3. ${socketCount} sockets of as many users on instance A (memory per socket: bench/messages.ts)`)
const owners = await members(socketCount / 2, 'owner')
const sitters = await members(socketCount / 2, 'sitter')
const sockets: WebSocket[] = []
for (let start = 0; start < socketCount; start += 50) {
  sockets.push(...(await Promise.all([...owners, ...sitters].slice(start, start + 50).map((member) => openSocket(a, member)))))
}

console.info(`\n4. LISTEN/NOTIFY fan-out: ${messageCount} messages sent through A between users with sockets on A; B has none`)
{
  let delivered = 0
  // The sitters' sockets (the recipients): the sender's own socket gets each message too.
  for (const socket of sockets.slice(owners.length)) {
    socket.on('message', (raw) => {
      if (socketFrameText(raw).includes('"newMessage"')) delivered += 1
    })
  }
  // B's own timers run meanwhile: its idle CPU over as long a time is taken off.
  const idleStarted = performance.now()
  const idleBefore = cpuMillisecondsOf(b.pid)
  await new Promise((resolve) => setTimeout(resolve, 5000))
  const idleRate = (cpuMillisecondsOf(b.pid) - idleBefore) / (performance.now() - idleStarted)

  const cpuBefore = [cpuMillisecondsOf(a.pid), cpuMillisecondsOf(b.pid)]
  const postgresBefore = postgresCpu()
  const statementsBefore = await statementsSoFar()
  const started = performance.now()
  let next = 0
  let refused = 0
  const send = async () => {
    while (next < messageCount) {
      const index = next++
      const from = owners[index % owners.length]!
      const to = sitters[(index * 7) % sitters.length]!
      const response = await fetch(`${a.url}/api/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ recipientId: to.id, content: `Capacity message ${index}` }),
      })
      if (response.status !== 201) refused += 1
      await response.arrayBuffer()
    }
  }
  await Promise.all(Array.from({ length: 10 }, send))
  const elapsed = performance.now() - started
  for (let waited = 0; delivered < messageCount - refused && waited < 5000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100))
  const perMessage = (value: number) => (value / (messageCount - refused)).toFixed(2)
  const statements = ((await statementsSoFar()) - statementsBefore) / (messageCount - refused)
  const bCpu = cpuMillisecondsOf(b.pid) - cpuBefore[1]! - idleRate * elapsed
  console.info(`  ${((messageCount - refused) / (elapsed / 1000)).toFixed(0)} messages/s; ${delivered} reached the recipient's socket, ${refused} refused`)
  console.info(`  CPU per message: instance A (sends and delivers) ${perMessage(cpuMillisecondsOf(a.pid) - cpuBefore[0]!)} ms, instance B (only listens) ${perMessage(bCpu)} ms, PostgreSQL ${perMessage(postgresCpuSince(postgresBefore))} ms, ${statements.toFixed(1)} statements`)
  const { rows } = await stats.query<{ bytes: string; messages: string }>('select pg_total_relation_size($1) as bytes, (select count(*) from messages) as messages', ['messages'])
  const bytesPerMessage = Number(rows[0]?.bytes) / Number(rows[0]?.messages)
  console.info(`  the messages table and its indexes: ${bytesPerMessage.toFixed(0)} bytes per stored message (${rows[0]?.messages} messages)`)
}

for (const socket of sockets) socket.terminate()
await stats.end()
await db.destroy()
await Promise.all([a.dispose(), b.dispose()])
await admin.end()
// The embedded server's process is unreferenced (it must not keep a caller alive): this timer waits for it.
const keepAlive = setInterval(() => {}, 1000)
await postgres.stop()
clearInterval(keepAlive)
