import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'
import { z } from 'zod'
import { isDatabaseUrl, parseDatabaseUrl } from './database-url.ts'
import { parseTrustProxy } from './trust-proxy.ts'

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1')

/** A whole number from `min` to `max`, every problem with it answered by the one `error`. */
const wholeNumber = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error })

/** Base64url text (unpadded, as browsers and web-push write it) of exactly `length` bytes. */
const base64urlBytes = (length: number, error: string) =>
  z.string().regex(/^[\w-]+$/, { error }).refine((text) => Buffer.from(text, 'base64url').length === length, { error })

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    /**
     * A run on this machine (`npm start`, `npm run start:postgres`; decision 073): secrets and VAPID keys generated
     * beside the database even in production, e-mails kept for /local/outbox instead of sent or printed.
     */
    LOCAL_RUN: booleanFlag.default(false),
    PORT: wholeNumber(0, 65535, 'must be a port number').default(3000),
    DATABASE_URL: z
      .string()
      .refine(isDatabaseUrl, { error: 'must be a SQLite file such as file:data/app.db or a postgres:// URL' })
      .default('file:data/app.db'),
    /**
     * Connections each instance keeps open to PostgreSQL at most (SQLite has one); at least 2, as a once-only
     * job holds its advisory lock on one while it works on another (`exclusively`, decision 050).
     */
    DATABASE_POOL_SIZE: wholeNumber(2, 1000, 'must be a whole number from 2 to 1000').default(10),
    SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    PUBLIC_URL: httpUrl.optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    GOOGLE_AUTH_URL: httpUrl.default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: httpUrl.default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: httpUrl.default('https://openidconnect.googleapis.com/v1/userinfo'),
    GOOGLE_API_URL: httpUrl.default('https://www.googleapis.com/'),
    GEOCODER_URL: httpUrl.default('https://nominatim.openstreetmap.org'),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, { error: 'must be a tile URL template with {z}, {x} and {y}' })
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
    EMAIL_FROM: z.string().min(3).default('Pawpal <no-reply@pawpal.local>'),
    /** Unset: true in development and in a local run; false in production, where demo accounts would be real ones. */
    SEED_DEMO: booleanFlag.optional(),
    UPLOAD_DIR: z.string().min(1).default('data/uploads'),
    /** When set, stored images live in this S3-compatible bucket instead of UPLOAD_DIR (decision 067). */
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)' })
      .optional(),
    /** The bucket server (R2, MinIO...); without it, AWS S3 of S3_REGION. */
    S3_ENDPOINT: httpUrl.optional(),
    // MinIO's and s3rver's default region, the one AWS answers most buckets from, and an alias of R2's 'auto'.
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint>/<key>`; by default on whenever S3_ENDPOINT is set. */
    S3_FORCE_PATH_STYLE: booleanFlag.optional(),
    /** `true`: any peer's forwarded headers; a list: only those of a connection from these proxies (decision 068). */
    TRUST_PROXY: z
      .string()
      .transform((text, ctx) => {
        const trust = parseTrustProxy(text)
        if (trust !== null) return trust
        ctx.addIssue({ code: 'custom', message: 'must be true, false or the proxies\' addresses (IPs or CIDR subnets, comma-separated)' })
        return z.NEVER
      })
      .default(false),
    SOCKET_HEARTBEAT_SECONDS: wholeNumber(1, 3600, 'must be a whole number of seconds from 1 to 3600').default(30),
    /** How often the booking sweep runs (expiries, expiry warnings, reminders, waiting pushes, digests, e-mails). */
    BOOKING_SWEEP_SECONDS: wholeNumber(1, 3600, 'must be a whole number of seconds from 1 to 3600').default(60),
    SOCKET_UPGRADES_PER_MINUTE: wholeNumber(1, 1_000_000, 'must be a whole number from 1 to 1000000').default(120),
    VAPID_PUBLIC_KEY: base64urlBytes(65, 'must be an uncompressed P-256 public key in base64url (65 bytes)').optional(),
    VAPID_PRIVATE_KEY: base64urlBytes(32, 'must be a P-256 private key in base64url (32 bytes)').optional(),
    VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' }).optional(),
    PUSH_SERVICE_URL: httpUrl.optional(),
    /**
     * The keys that seal owners' home access (decision 070): `id:base64-of-32-bytes`, comma-separated; the first
     * seals, any listed opens. Unset: one key derived from SESSION_SECRET (id 'session').
     */
    HOME_ACCESS_KEYS: z
      .string()
      .transform((text, ctx) => {
        const keys = parseHomeAccessKeys(text)
        if (keys) return keys
        ctx.addIssue({ code: 'custom', message: 'must be a comma-separated list of id:key, each id unique (letters, digits, - or _) and each key 32 bytes in base64' })
        return z.NEVER
      })
      .optional(),
  })
  .superRefine((value, ctx) => {
    for (const name of ['SESSION_SECRET', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const) {
      if (value.NODE_ENV === 'production' && !value.LOCAL_RUN && !value[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production (unless LOCAL_RUN=true)' })
      }
    }
    // A local run shows every e-mail (reset links included) to whoever opens /local/outbox: never on a public address.
    if (value.LOCAL_RUN && value.PUBLIC_URL && !isOnThisMachine(value.PUBLIC_URL)) {
      ctx.addIssue({ code: 'custom', path: ['LOCAL_RUN'], message: `must be false when PUBLIC_URL is not on this machine (${value.PUBLIC_URL})` })
    }
    for (const name of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (value.S3_BUCKET && !value[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when S3_BUCKET is set' })
    }
    if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: 'custom', path: [value.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'], message: 'must be set together with its pair' })
    }
  })

/** localhost, a name under .localhost, 127.x.x.x or [::1]. */
function isOnThisMachine(url: string) {
  const host = new URL(url).hostname
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}

export type HomeAccessKey = { id: string; key: Uint8Array }

/** `a:BASE64,b:BASE64` as keys, or null when any entry is malformed or an id repeats. */
function parseHomeAccessKeys(text: string): HomeAccessKey[] | null {
  const keys = text.split(',').map((entry) => {
    const [id, secret, ...rest] = entry.trim().split(':')
    if (!id || !secret || rest.length > 0 || !/^[\w-]{1,40}$/.test(id) || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(secret)) return null
    const key = Buffer.from(secret, 'base64')
    return key.length === 32 ? { id, key: new Uint8Array(key) } : null
  })
  if (keys.some((key) => key === null)) return null
  const valid = keys.filter((key) => key !== null)
  return new Set(valid.map((key) => key.id)).size === valid.length ? valid : null
}

/** Settings whose given value an error message must not repeat: the message goes to the log. */
const secretSettings = new Set(['HOME_ACCESS_KEYS'])

export type Env = ReturnType<typeof parseEnv>

/** Every setting the app reads from the environment (the reference deployment is checked against it). */
export const envNames = Object.keys(EnvSchema.shape)

export class EnvError extends Error {}

/** Parses settings from an environment; throws an EnvError whose message is one readable line. */
export function parseEnv(source: Record<string, string | undefined>) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''))
  const result = EnvSchema.safeParse(cleaned)
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = issue.path.join('.')
      const given = secretSettings.has(name) ? undefined : source[name]
      return `${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`
    })
    throw new EnvError(`Invalid configuration: ${problems.join('; ')}`)
  }
  const value = result.data
  const database = parseDatabaseUrl(value.DATABASE_URL)
  const dataDirectory = database.engine === 'sqlite' ? path.dirname(database.file) : 'data'
  const PUBLIC_URL = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, '')
  return {
    ...value,
    isProduction: value.NODE_ENV === 'production',
    SEED_DEMO: value.SEED_DEMO ?? (value.NODE_ENV !== 'production' || value.LOCAL_RUN),
    database,
    SESSION_SECRET: value.SESSION_SECRET ?? generatedSecret(dataDirectory),
    PUBLIC_URL,
    // Every cookie the app sets carries Secure when the site is served over https, whatever NODE_ENV says:
    // a staging or demo server on https must not send a session over plain http either.
    secureCookies: PUBLIC_URL.startsWith('https:'),
    vapid: {
      ...(value.VAPID_PUBLIC_KEY && value.VAPID_PRIVATE_KEY
        ? { publicKey: value.VAPID_PUBLIC_KEY, privateKey: value.VAPID_PRIVATE_KEY }
        : generatedVapidKeys(dataDirectory)),
      // Push services contact this address about a misbehaving sender; an https: site address will do.
      subject: value.VAPID_SUBJECT ?? (PUBLIC_URL.startsWith('https:') ? PUBLIC_URL : `mailto:${emailAddressOf(value.EMAIL_FROM)}`),
    },
    PUSH_SERVICE_URL: value.PUSH_SERVICE_URL?.replace(/\/$/, ''),
    googleConfigured: Boolean(value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET),
    bucket: bucketSettings(value),
  }
}

export type BucketSettings = {
  bucket: string
  endpoint: string | undefined
  region: string
  forcePathStyle: boolean
  credentials: { accessKeyId: string; secretAccessKey: string }
}

/** The bucket that stores images, or null when they stay in UPLOAD_DIR. */
function bucketSettings(value: z.infer<typeof EnvSchema>): BucketSettings | null {
  if (!value.S3_BUCKET || !value.S3_ACCESS_KEY_ID || !value.S3_SECRET_ACCESS_KEY) return null
  return {
    bucket: value.S3_BUCKET,
    endpoint: value.S3_ENDPOINT,
    region: value.S3_REGION,
    forcePathStyle: value.S3_FORCE_PATH_STYLE ?? Boolean(value.S3_ENDPOINT),
    credentials: { accessKeyId: value.S3_ACCESS_KEY_ID, secretAccessKey: value.S3_SECRET_ACCESS_KEY },
  }
}

/**
 * Outside production, and in a local run, a secret is generated once and kept beside the database, so sessions
 * survive restarts. (The file names date from when only development had them.)
 */
function generatedSecret(directory: string) {
  const file = path.join(directory, '.dev-session-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  mkdirSync(directory, { recursive: true })
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/** Outside production, and in a local run, the VAPID key pair is made once beside the database: subscribed devices keep working. */
function generatedVapidKeys(directory: string): { publicKey: string; privateKey: string } {
  const file = path.join(directory, '.dev-vapid-keys.json')
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string }
  const keys = webpush.generateVAPIDKeys()
  mkdirSync(directory, { recursive: true })
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 })
  return keys
}

/** `no-reply@pawpal.local` of `Pawpal <no-reply@pawpal.local>`. */
const emailAddressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from

function loadEnv() {
  try {
    return parseEnv(process.env)
  } catch (error) {
    if (!(error instanceof EnvError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

export const env = loadEnv()
