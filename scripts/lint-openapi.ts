// `npm run lint:openapi`: Redocly's recommended ruleset (redocly.yaml says which rules are off and why) on
// the very document GET /api/openapi.json serves, written to a temporary file first. It needs no network:
// telemetry and the update notice are off and the document has no remote references.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getOpenApiDocument } from '#app/api-docs/openapi.server.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const redocly = fileURLToPath(import.meta.resolve('@redocly/cli/bin/cli.js'))
const directory = mkdtempSync(path.join(os.tmpdir(), 'pawpal-openapi-'))
try {
  const file = path.join(directory, 'openapi.json')
  writeFileSync(file, JSON.stringify(getOpenApiDocument(), null, 2))
  const lint = spawnSync(process.execPath, [redocly, 'lint', file, '--config', path.join(root, 'redocly.yaml')], {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  })
  process.exitCode = lint.status ?? 1
} finally {
  rmSync(directory, { recursive: true, force: true })
}
