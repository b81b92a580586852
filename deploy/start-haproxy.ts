// haproxy from the system (Debian: apt-get install haproxy) with deploy/haproxy.cfg, in front of two
// instances on this machine: for `npm run start:postgres` and the tests behind a real proxy. The
// reference deployment (deploy/compose.yaml) runs the same file in haproxy's own image.
import { type ChildProcess, spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'

export const haproxyConfigFile = path.join(import.meta.dirname, 'haproxy.cfg')
export const installHaproxy = 'sudo apt-get install -y haproxy'
const startupLimitMs = 10_000

/** The haproxy executable (on PATH, or in the sbin folders Debian puts it in), or null when it is not installed. */
export function findHaproxy() {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin']
  for (const folder of folders.filter(Boolean)) {
    const file = path.join(folder, 'haproxy')
    try {
      accessSync(file, constants.X_OK)
      return file
    } catch {
      // not in this folder
    }
  }
  return null
}

export type RunningHaproxy = {
  /** e.g. http://127.0.0.1:3000 */
  url: string
  /** Everything haproxy printed so far. */
  log: () => string
  stop: () => Promise<void>
}

/**
 * Starts haproxy listening on `host:port` (0.0.0.0: every interface), balancing over `instances` (host:port each) and connecting to
 * them from `source`, the address their TRUST_PROXY names; resolves once it accepts connections.
 */
export async function startHaproxy({ host, port, source, instances }: { host: string; port: number; source: string; instances: readonly [string, string] }): Promise<RunningHaproxy> {
  const haproxy = findHaproxy()
  if (!haproxy) throw new Error(`haproxy is not installed (${installHaproxy})`)
  // Through a shell that stops haproxy when our end of its stdin closes: however this process ends, even
  // killed, haproxy does not outlive it.
  const watchStdin = 'exec 3<&0; "$0" "$@" </dev/null & proxy=$!; { read -r _ <&3; kill $proxy 2>/dev/null; } & wait $proxy'
  const child = spawn('sh', ['-c', watchStdin, haproxy, '-db', '-f', haproxyConfigFile], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PAWPAL_PROXY_BIND: `${host}:${port}`,
      PAWPAL_PROXY_SOURCE: source,
      PAWPAL_INSTANCE_1: instances[0],
      PAWPAL_INSTANCE_2: instances[1],
    },
  })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.stdin.on('error', () => {})
  // Also after a Ctrl+C: the shell ends on it, but haproxy, started in the background, ignores it.
  const stop = () => {
    child.stdin.end()
    return exited
  }
  // Listening on every interface, it is reached here through the loopback one.
  const reachableHost = host === '0.0.0.0' ? '127.0.0.1' : host
  try {
    await waitUntilListening(child, reachableHost, port)
  } catch (error) {
    await stop()
    throw new Error(`${(error as Error).message}\n--- haproxy output ---\n${output.trim()}\n---`, { cause: error })
  }
  return { url: `http://${reachableHost}:${port}`, log: () => output, stop }
}

async function waitUntilListening(child: ChildProcess, host: string, port: number) {
  const deadline = Date.now() + startupLimitMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`haproxy exited during start-up (exit code ${child.exitCode})`)
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(port, host, () => socket.end(() => resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (accepted) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`haproxy did not listen on ${host}:${port} within ${startupLimitMs / 1000} s`)
}
