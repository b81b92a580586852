// `npm start` and `npm run start:postgres` build first: `react-router build` prints a few hundred lines that
// nobody starting the app reads, so they are kept back and shown only when the build fails.
import { spawnSync } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'

const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@react-router/dev/package.json')), 'bin.cjs')

console.info('Building Pawpal...')
const build = spawnSync(process.execPath, [cli, 'build'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
if (build.status !== 0) {
  process.stdout.write(build.stdout ?? '')
  process.stderr.write(build.stderr ?? '')
  console.error(build.error ? `The build could not run: ${build.error.message}` : `The build failed (${build.signal ?? `exit code ${build.status}`})`)
  process.exit(build.status || 1)
}
