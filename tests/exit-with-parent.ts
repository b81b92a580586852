// Preloaded (`node --import`) into the server processes tests start (tests/server-process.ts). Their stdin
// is a pipe from the test runner, which the system closes however the runner ends, even by SIGKILL or
// Ctrl-C: then the server stops as on SIGTERM, instead of outliving the run. Unreferenced, the pipe never
// keeps a stopping server alive.
// Worker threads inherit the preload (execArgv) but not the pipe: only the main thread watches it.
import type { Socket } from 'node:net'
import { isMainThread } from 'node:worker_threads'

if (isMainThread) {
  process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'))
  process.stdin.resume()
  ;(process.stdin as Socket).unref()
}
