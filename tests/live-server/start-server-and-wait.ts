// A stand-in for a test runner, for tests/live-server/server-process.test.ts: starts a server process
// (tests/server-process.ts), prints its pid, then exits normally once the test writes a line ('exit'), or
// waits to be ended by a signal.
import { startServerProcess } from '#tests/server-process.ts'

const [directory = '', ending = 'wait'] = process.argv.slice(2)
const server = await startServerProcess({ root: process.cwd(), directory })
process.stdout.write(`${server.pid}\n`)
if (ending === 'exit') process.stdin.once('data', () => process.exit(0))
setInterval(() => {}, 60_000)
