import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// A server process a test started never outlives the test run, however the run ends: a `node server.ts`
// left running after an interrupted run held its port and its files (tests/server-process.ts).

/** Running, and not a zombie waiting for a parent that no longer reads its exit. */
function isRunning(pid: number) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

const endings = ['exits normally', 'is ended by SIGINT (Ctrl-C)', 'is ended by SIGTERM', 'is killed by SIGKILL'] as const
const signalOf = { 'is ended by SIGINT (Ctrl-C)': 'SIGINT', 'is ended by SIGTERM': 'SIGTERM', 'is killed by SIGKILL': 'SIGKILL' } as const

test.each(endings)('when the run that started a server %s, the server stops too', { timeout: 90_000 }, async (ending) => {
  const directory = path.resolve('tests/.tmp', `server-process-${process.pid}-${endings.indexOf(ending)}`)
  const runner = spawn(process.execPath, ['tests/live-server/start-server-and-wait.ts', directory, ending === 'exits normally' ? 'exit' : 'wait'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const serverPid = await new Promise<number>((resolve, reject) => {
    runner.stdout.setEncoding('utf8').once('data', (line: string) => resolve(Number(line.trim())))
    runner.once('exit', (code) => reject(new Error(`the runner exited (${code}) before starting a server`)))
  })
  expect(isRunning(serverPid)).toBe(true)

  // The runner ends only now, so the server cannot have stopped before it was seen running.
  if (ending === 'exits normally') runner.stdin.write('exit\n')
  else runner.kill(signalOf[ending])
  // Stopping takes the server's own graceful shutdown: wait for it, however long it takes here.
  while (isRunning(serverPid)) await new Promise((resolve) => setTimeout(resolve, 50))

  expect(isRunning(serverPid)).toBe(false)
  rmSync(directory, { recursive: true, force: true })
})
