import { spawn } from 'node:child_process'
import { describe, expect, test } from 'vitest'

type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }

/** Runs `node server.ts` with the given environment; a server that does not exit in time is killed. */
function runServer(env: NodeJS.ProcessEnv, limitMs = 15_000) {
  return new Promise<Exit>((resolve, reject) => {
    const child = spawn(process.execPath, ['server.ts'], { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs)
    child.once('error', reject)
    child.once('close', (code, signal) => {
      clearTimeout(timer)
      resolve({ code, signal, stdout, stderr })
    })
  })
}

function environmentWith(changes: Record<string, string | undefined>) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0' }
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete env[name]
    else env[name] = value
  }
  return env
}

describe('the server refuses to start with a bad configuration', () => {
  test('a port that is not a number stops it with one line naming PORT', async () => {
    const exit = await runServer(environmentWith({ PORT: 'abc' }))

    expect(exit.signal, 'it exits by itself').toBeNull()
    expect(exit.code).not.toBe(0)
    const lines = exit.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/PORT/)
    expect(lines[0]).toContain('"abc"')
  })

  test('production without a session secret stops it naming SESSION_SECRET', async () => {
    const exit = await runServer(environmentWith({ NODE_ENV: 'production', SESSION_SECRET: undefined }))

    expect(exit.signal, 'it exits by itself').toBeNull()
    expect(exit.code).not.toBe(0)
    const lines = exit.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/SESSION_SECRET/)
  })
})

describe('the server stops cleanly', () => {
  test('SIGTERM closes open sockets with 1001 and exits with 0', async () => {
    const child = spawn(process.execPath, ['server.ts'], {
      cwd: process.cwd(),
      env: environmentWith({ NODE_ENV: 'production' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start-up line:\n${output}`)), 30_000)
      child.stdout.on('data', () => {
        const match = output.match(/running at (http:\/\/\S+)/)
        if (match) {
          clearTimeout(timer)
          resolve(match[1]!)
        }
      })
    })
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Shutdown Tester', email: `shutdown-${Date.now()}@example.com`, password: 'secret-123' }),
    })
    const { accessToken } = (await registered.json()) as { accessToken: string }
    const socket = new WebSocket(`${url.replace('http', 'ws')}/ws?token=${accessToken}`)
    await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }))
    const closed = new Promise<number>((resolve) => socket.addEventListener('close', (event) => resolve(event.code), { once: true }))

    child.kill('SIGTERM')
    expect(await closed).toBe(1001)
    expect(await exited).toBe(0)
    expect(output).toContain('SIGTERM received')
  })
})
