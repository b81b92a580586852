import { Agent, get } from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type LiveServer, startLiveServer } from './live-server.ts'

// An idle keep-alive connection is closed by the proxy in front (30 s) or by the client, never by the app
// first: with Node's 5 s default, a request sent on a connection idle for about 5 s could meet the app
// closing it and fail with ECONNRESET (twice in one CI run, through the e2e tests' request client).
let server: LiveServer

beforeAll(async () => {
  server = await startLiveServer('keep-alive')
})

afterAll(() => server.dispose())

/** GET /healthz over `agent`: its status and the local port of the connection it went over. */
function healthOver(agent: Agent) {
  return new Promise<{ status: number; port: number | undefined }>((resolve, reject) => {
    const outgoing = get(`${server.url}/healthz`, { agent }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, port: outgoing.socket?.localPort }))
    })
    outgoing.on('error', reject)
  })
}

test('a connection idle for longer than Node’s default 5 s is still open, and the next request goes over it', { timeout: 30_000 }, async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const first = await healthOver(agent)
    await new Promise((resolve) => setTimeout(resolve, 7_000))
    const second = await healthOver(agent)
    expect(first.status).toBe(200)
    expect(second).toEqual({ status: 200, port: first.port })
  } finally {
    agent.destroy()
  }
})
