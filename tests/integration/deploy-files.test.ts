import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import webpush from 'web-push'
import { parse } from 'yaml'
import { envNames, parseEnv } from '#app/lib/env.server.ts'
import { trustsPeer } from '#app/lib/trust-proxy.ts'
import { findHaproxy, haproxyConfigFile, installHaproxy } from '../../deploy/start-haproxy.ts'

// The reference deployment (deploy/compose.yaml, docs/deploy.md) cannot run here, without Docker: these
// hold it to the app's settings, to the proxy configuration the tests run and to the project's Node.
type Service = {
  image?: string
  build?: { context: string; dockerfile: string }
  environment?: Record<string, string>
  volumes?: string[]
  networks?: Record<string, { ipv4_address?: string }> | string[]
}

const deployDirectory = path.resolve('deploy')
const composeText = readFileSync(path.join(deployDirectory, 'compose.yaml'), 'utf8')
// `<<: *app` merges the instances' shared settings into each, as Compose does.
const compose = parse(composeText, { merge: true }) as { services: Record<string, Service> }
const { postgres, minio, bucket, app1, app2, haproxy } = compose.services
const apps = { app1, app2 }

// The secrets the compose file asks for (`${NAME:?...}`), given here as an operator would.
const vapid = webpush.generateVAPIDKeys()
const secrets: Record<string, string> = {
  POSTGRES_PASSWORD: 'a-database-password',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  MINIO_ROOT_PASSWORD: 'a-minio-password',
}

/** A value as Docker Compose passes it on: `${NAME}` and its `:-default`/`:?error` forms filled in, `$$` as `$`. */
function interpolate(value: string) {
  return value.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (whole, name: string | undefined, kind?: string, rest?: string) => {
    if (!name) return '$'
    const given = secrets[name]
    if (given !== undefined) return given
    if (kind === '-') return rest ?? ''
    throw new Error(`${whole} is neither given nor defaulted`)
  })
}

/** The service's address on the deployment's network. */
function fixedAddressOf(service: Service | undefined) {
  const address = (service?.networks as Record<string, { ipv4_address?: string }> | undefined)?.pawpal?.ipv4_address
  if (!address) throw new Error('the service has no fixed address on the pawpal network')
  return address
}

const environmentOf = (service: Service | undefined) =>
  Object.fromEntries(Object.entries(service?.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]))

describe('the reference deployment (deploy/compose.yaml)', () => {
  test('runs PostgreSQL 18, MinIO with a bucket made by a one-shot mc, two app instances and haproxy', () => {
    expect(postgres?.image).toMatch(/^postgres:18(\b|$)/)
    expect(minio?.image).toMatch(/^minio\/minio\b/)
    expect(bucket?.image).toMatch(/^minio\/mc\b/)
    expect(haproxy?.image).toMatch(/^haproxy:/)
    for (const app of Object.values(apps)) expect(app?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' })
    const appBucket = environmentOf(app1).S3_BUCKET
    expect(JSON.stringify(bucket)).toContain(`mc mb --ignore-existing local/${appBucket}`)
  })

  test.each(Object.keys(apps))("%s's environment names only settings the app knows, and is a whole production configuration", (name) => {
    const environment = environmentOf(apps[name as keyof typeof apps])
    const unknown = Object.keys(environment).filter((variable) => !envNames.includes(variable))
    expect(unknown).toEqual([])
    // Every setting production requires is given, and valid: parseEnv throws, naming it, otherwise.
    const settings = parseEnv(environment)
    expect(settings.isProduction).toBe(true)
    expect(settings.database.engine).toBe('postgres')
    expect(settings.bucket).toMatchObject({ bucket: 'pawpal', endpoint: 'http://minio:9000', forcePathStyle: true })
    expect(settings.SEED_DEMO).toBe(false)
  })

  test("the instances believe forwarded headers from haproxy's fixed address only, the one it connects from", () => {
    const proxyAddress = fixedAddressOf(haproxy)
    expect(environmentOf(haproxy).PAWPAL_PROXY_SOURCE).toBe(proxyAddress)
    for (const app of Object.values(apps)) {
      const trust = parseEnv(environmentOf(app)).TRUST_PROXY
      expect(trustsPeer(trust, proxyAddress)).toBe(true)
      for (const other of Object.values(apps)) expect(trustsPeer(trust, fixedAddressOf(other))).toBe(false)
    }
  })

  test('haproxy balances over the two instances, at their fixed addresses and port', () => {
    const { PAWPAL_INSTANCE_1, PAWPAL_INSTANCE_2 } = environmentOf(haproxy)
    const port = (app: Service | undefined) => parseEnv(environmentOf(app)).PORT
    expect([PAWPAL_INSTANCE_1, PAWPAL_INSTANCE_2]).toEqual([`${fixedAddressOf(app1)}:${port(app1)}`, `${fixedAddressOf(app2)}:${port(app2)}`])
  })

  test('every secret the compose file asks for is named in docs/deploy.md', () => {
    const asked = new Set([...composeText.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1]!))
    expect([...asked].sort()).toEqual(Object.keys(secrets).sort())
    const docs = readFileSync('docs/deploy.md', 'utf8')
    for (const name of asked) expect(docs).toContain(name)
  })

  test('haproxy runs the configuration file the tests and npm run start:postgres run', () => {
    const mounted = haproxy?.volumes?.map((volume) => volume.split(':')) ?? []
    const config = mounted.find(([, target]) => target === '/usr/local/etc/haproxy/haproxy.cfg')
    expect(config).toBeDefined()
    expect(path.resolve(deployDirectory, config![0]!)).toBe(haproxyConfigFile)
  })

  test('the image runs the Node major package.json pins', () => {
    const dockerfile = readFileSync(path.join(deployDirectory, 'Dockerfile'), 'utf8')
    const imageMajor = /^FROM node:(\d+)/m.exec(dockerfile)?.[1]
    const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; devDependencies: { node: string } }
    expect(imageMajor).toBeDefined()
    expect(/\d+/.exec(packageJson.devDependencies.node)?.[0]).toBe(imageMajor)
    expect(/\d+/.exec(packageJson.engines.node)?.[0]).toBe(imageMajor)
    expect(dockerfile).toMatch(/^CMD \["npm", "run", "serve"\]$/m)
  })

  test('the image runs on the production dependencies alone: every package the server imports at run time is one of them', () => {
    const dockerfile = readFileSync(path.join(deployDirectory, 'Dockerfile'), 'utf8')
    const running = dockerfile.split(/^FROM /m).at(-1) ?? ''
    expect(running).toMatch(/^RUN npm ci --omit=dev\b/m)
    expect(running).toMatch(/^COPY --from=build \/app\/build \.\/build$/m)

    const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
    const imported = packagesImportedAtRunTime()
    expect(imported).toContain('react-router')
    expect(imported).toContain('better-sqlite3')
    expect(imported.filter((name) => !(name in dependencies))).toEqual([])
    expect(notCopiedInto(running, modulesReachedFrom(['server.ts']).files)).toEqual([])
  })

  test("the operator's commands run in the image (`docker compose exec app1 npm run admin -- grant <email>`): the files they reach are copied, their packages installed", () => {
    const dockerfile = readFileSync(path.join(deployDirectory, 'Dockerfile'), 'utf8')
    const running = dockerfile.split(/^FROM /m).at(-1) ?? ''
    const { scripts, dependencies } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> }
    const entries = operatorCommands.map((name) => /^node (scripts\/[\w-]+\.ts)$/.exec(scripts[name] ?? '')?.[1] ?? `(npm run ${name} runs no file of scripts/)`)
    const reached = modulesReachedFrom(entries)
    expect(reached.files).toContain('db/migrations/index.ts')
    expect(notCopiedInto(running, reached.files)).toEqual([])
    expect(reached.packages.filter((name) => !(name in dependencies))).toEqual([])
  })
})

/** The commands docs/deploy.md and the README give an operator of a deployment. */
const operatorCommands = ['admin', 'storage:copy', 'images:backfill', 'home-access:rekey']

/** Of these files (relative to the repository), those no `COPY` of the image's stage (`running`) puts in it. */
function notCopiedInto(running: string, files: readonly string[]) {
  const sources = [...running.matchAll(/^COPY (?!--from=)(.+) \S+$/gm)].flatMap((match) => (match[1] ?? '').split(' '))
  return files.filter((file) => !sources.some((source) => file === source || file.startsWith(`${source.replace(/\/$/, '')}/`)))
}

/** Only `npm run dev` imports it (server.ts's development branch), never the image. */
const developmentOnly = new Set(['vite'])

/**
 * The packages (not node: built-ins) that the built server and server.ts with the app modules it imports as they
 * are ask for at run time; type-only imports are stripped before they run.
 */
function packagesImportedAtRunTime() {
  const serverChunks = readdirSync('build/server', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'))
  expect(serverChunks.length).toBeGreaterThan(0)
  const fromServer = modulesReachedFrom(['server.ts'])
  expect(fromServer.files.length).toBeGreaterThan(3)
  return packageNames([...serverChunks.flatMap((chunk) => importsOf(path.join('build/server', chunk))), ...fromServer.packages])
}

const importPattern = /(?:^|[;\s])(?:import|export)\s+(?!type\s)(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(importPattern)].map((match) => match[1] ?? match[2] ?? '')

/**
 * The modules these files (relative to the repository) run as they are, followed through relative, #app/ and #db/
 * imports (the repository's files they reach, themselves among them), and the packages those import.
 */
function modulesReachedFrom(entries: readonly string[]) {
  const files = new Set<string>()
  const specifiers: string[] = []
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) visit(path.join(path.dirname(file), specifier))
      else if (specifier.startsWith('#app/')) visit(path.join('app', specifier.slice('#app/'.length)))
      else if (specifier.startsWith('#db/')) visit(path.join('db', specifier.slice('#db/'.length)))
      else specifiers.push(specifier)
    }
  }
  for (const entry of entries) visit(path.normalize(entry))
  return { files: [...files], packages: packageNames(specifiers) }
}

/** The packages (not node: built-ins) these import specifiers name, once each. */
function packageNames(specifiers: readonly string[]) {
  return specifiers
    .filter((specifier) => !specifier.startsWith('node:') && !specifier.startsWith('.') && !specifier.startsWith('/') && !developmentOnly.has(specifier))
    .map((specifier) => (specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier)))
    .filter((name, index, names) => names.indexOf(name) === index)
    .sort()
}

// In CI (CI=true) haproxy must be there: .ci/run installs it.
const haproxyBinary = findHaproxy()
if (!haproxyBinary && process.env.CI !== 'true') console.warn(`deploy/haproxy.cfg not checked: haproxy is not installed (${installHaproxy}); in CI it is required`)
describe.skipIf(!haproxyBinary && process.env.CI !== 'true')('the proxy configuration (deploy/haproxy.cfg)', () => {
  test("haproxy -c accepts it with the compose file's settings", () => {
    expect(haproxyBinary, `haproxy is not installed (${installHaproxy})`).not.toBeNull()
    const check = spawnSync(haproxyBinary!, ['-c', '-f', haproxyConfigFile], { env: { ...process.env, ...environmentOf(haproxy) }, encoding: 'utf8' })
    expect(check.status, `${check.stdout}${check.stderr}`).toBe(0)
    expect(check.stdout).toContain('Configuration file is valid')
  })

  test('haproxy -c refuses it without the addresses it is given through the environment', () => {
    const withoutSettings = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PAWPAL_')))
    expect(spawnSync(haproxyBinary!, ['-c', '-f', haproxyConfigFile], { env: withoutSettings }).status).not.toBe(0)
  })
})
