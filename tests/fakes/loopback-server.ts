import type { IncomingMessage, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

// What every HTTP fake in this folder does the same way: listen on loopback, close without waiting for
// keep-alive connections, read a request's body, and serve on its own when run as a script.

/** Listens on 127.0.0.1 (port 0: any free one); answers the fake's origin and how to close it. */
export async function listenOnLoopback(server: Server, port = 0) {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

export async function readBody(request: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * When the module at `moduleUrl` is the script node was started with (`npx node tests/fakes/x.ts [--port N]`):
 * starts its fake, prints what `describe` says of it (the settings that point an app at it) and serves until
 * SIGINT or SIGTERM.
 */
export async function serveWhenRunDirectly<Fake extends { close(): Promise<void> }>(
  moduleUrl: string,
  start: (port: number | undefined) => Promise<Fake>,
  describe: (fake: Fake) => string,
) {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return
  const portFlag = process.argv.indexOf('--port')
  const fake = await start(portFlag > 0 ? Number(process.argv[portFlag + 1]) : undefined)
  console.info(describe(fake))
  const stop = () => void fake.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}
