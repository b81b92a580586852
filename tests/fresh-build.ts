// `node server.ts` serves build/. Whatever starts it for a test (the live-server tests' global setup in
// vitest.config.ts, the e2e global setup) first rebuilds it when any of the build's inputs is newer, so a
// test never runs yesterday's code.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const inputs = ['app', 'public', 'package.json', 'package-lock.json', 'react-router.config.ts', 'vite.config.ts', 'tsconfig.json']
const builtServer = 'build/server/index.js'

/** Why build/ is stale (missing, or one of its input files changed after it; unit tests aside), or null. */
function staleness(root: string) {
  const built = path.join(root, builtServer)
  if (!existsSync(built)) return 'there is no build yet'
  const since = statSync(built).mtimeMs
  const files = inputs.flatMap((input) => {
    const full = path.join(root, input)
    if (!existsSync(full)) return []
    if (!statSync(full).isDirectory()) return [full]
    return readdirSync(full, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.test.ts'))
      .map((entry) => path.join(entry.parentPath, entry.name))
  })
  const changed = files.find((file) => statSync(file).mtimeMs > since)
  return changed ? `${path.relative(root, changed)} is newer than build/` : null
}

/** Runs `react-router build` in `root` when build/ is stale. */
export function ensureFreshBuild(root: string) {
  const reason = staleness(root)
  if (!reason) return
  console.info(`Building the app for the tests that start server.ts: ${reason}`)
  const cli = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('@react-router/dev/package.json')), 'bin.cjs')
  // Vite builds with the NODE_ENV it finds: vitest's 'test' would put React's development build in the
  // browser's scripts, twice the size of the one people load.
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stdout}\n${result.stderr}`)
}

/** vitest's global setup (vitest.config.ts). */
export function setup() {
  ensureFreshBuild(process.cwd())
}
