// Preloaded (`node --import`) into the server processes tests start (tests/server-process.ts). Their stdin
// is a pipe from the test runner, which the system closes however the runner ends, even by SIGKILL or
// Ctrl-C: then the server stops as on SIGTERM, instead of outliving the run. Unreferenced, the pipe never
// keeps a stopping server alive.
import type { Socket } from 'node:net'

process.stdin.on('end', () => process.kill(process.pid, 'SIGTERM'))
process.stdin.resume()
;(process.stdin as Socket).unref()
