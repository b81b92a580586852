import { Agent, request as httpRequest } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { registerAccount, signInWithCookie, startLiveServer, type LiveServer } from './live-server.ts'

// SIGTERM while clients hammer the server over keep-alive connections (a deploy's restart under
// traffic): the requests in flight finish against an open database, anything arriving on an open
// connection after the signal gets 503 with `Connection: close`, the process exits with 0, and every
// message acknowledged before it went down is stored.
let server: LiveServer

beforeAll(async () => {
  server = await startLiveServer('shutdown')
})

afterAll(() => server.dispose())

type Answer = { status: number; connection: string | undefined; body: string }

/** One request over `agent` (one kept-alive connection per loop). */
function send(agent: Agent, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(`${server.url}${path}`, { agent, method, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body: text }))
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

type Loop = { answers: Answer[]; warm: Promise<void>; done: Promise<void> }

/**
 * Sends `next()`'s request again and again over one keep-alive connection until the server answers 503
 * or the connection is gone; a failure is only expected once the signal was sent.
 */
function hammer(next: (agent: Agent) => Promise<Answer>, signalled: () => boolean): Loop {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const answers: Answer[] = []
  let markWarm: () => void = () => {}
  const warm = new Promise<void>((resolve) => (markWarm = resolve))
  const done = (async () => {
    try {
      for (;;) {
        let answer: Answer
        try {
          answer = await next(agent)
        } catch (error) {
          if (signalled()) return
          throw error
        }
        answers.push(answer)
        if (answers.length === 20) markWarm()
        if (answer.status === 503) return
      }
    } finally {
      markWarm()
      agent.destroy()
    }
  })()
  return { answers, warm, done }
}

test('SIGTERM under keep-alive load: no 500, late requests get 503 and Connection: close, acknowledged messages are stored', { timeout: 90_000 }, async () => {
  const sender = await registerAccount(server)
  const recipient = await registerAccount(server)
  const cookie = await signInWithCookie(server, sender)
  const bearer = { authorization: `Bearer ${sender.accessToken}` }
  let signalSent = false
  const signalled = () => signalSent
  let sent = 0

  const loops = [
    ...Array.from({ length: 3 }, () => hammer((agent) => send(agent, 'GET', '/profile', { cookie }), signalled)),
    ...Array.from({ length: 3 }, () => hammer((agent) => send(agent, 'GET', '/api/users/me', bearer), signalled)),
    ...Array.from({ length: 2 }, () =>
      hammer((agent) => {
        const body = JSON.stringify({ recipientId: recipient.userId, content: `Message ${++sent}` })
        return send(agent, 'POST', '/api/messages', { ...bearer, 'content-type': 'application/json' }, body)
      }, signalled),
    ),
  ]
  await Promise.all(loops.map((loop) => loop.warm))
  signalSent = true
  const exit = await server.stop()
  await Promise.all(loops.map((loop) => loop.done))

  const answers = loops.flatMap((loop) => loop.answers)
  const failures = answers.filter((answer) => answer.status >= 500 && answer.status !== 503)
  expect(failures.length, `${failures.length} of ${answers.length} answers failed, e.g. ${failures[0]?.body.slice(-300)}`).toBe(0)
  for (const late of answers.filter((answer) => answer.status === 503)) expect(late.connection).toBe('close')
  expect(exit.describe).toBe('exit code 0')
  expect(server.log()).not.toContain('destroyed')

  const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => (JSON.parse(answer.body) as { id: string }).id)
  expect(acknowledged.length).toBeGreaterThan(0)
  const stored = await server.db.selectFrom('messages').select('id').where('senderId', '=', sender.userId).execute()
  const storedIds = new Set(stored.map((row) => row.id))
  expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([])
})
