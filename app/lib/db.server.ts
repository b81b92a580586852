import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Expression,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteQueryCompiler,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteDatabase,
  sql,
  type SqlBool,
  type Transaction,
} from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import { migrations } from '#db/migrations/index.ts'
import { type DatabaseLocation, type Engine, parseDatabaseUrl } from './database-url.ts'
import type { Database } from './db-schema.ts'
import { env } from './env.server.ts'

export type { Database, Engine }

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails: with the
 * server away or overwhelmed, a request answers 503 soon (lib/database-unavailable.server.ts) instead of hanging.
 */
const connectTimeoutMs = 5_000

/**
 * Opens the database a DATABASE_URL names (decision 044): a SQLite file with the settings every connection
 * needs, or a pool of `poolSize` connections to PostgreSQL.
 */
export function openDatabase(location: DatabaseLocation | string, { poolSize = env.DATABASE_POOL_SIZE } = {}) {
  const where = typeof location === 'string' ? parseDatabaseUrl(location) : location
  if (where.engine === 'postgres') {
    const pool = new pg.Pool({ connectionString: where.url, max: poolSize, types: numberTypes, connectionTimeoutMillis: connectTimeoutMs })
    // An idle connection the server drops (a restart, a failover) is an 'error' event, which unheard would end
    // the process; the pool replaces the connection on the next query.
    pool.on('error', (error) => console.error(`An idle database connection failed: ${error.message}`))
    // So is one taken from the pool but between statements (a transaction awaiting the app, the lock
    // `exclusively` holds while its job runs), which the pool does not listen to: its next statement fails
    // instead, and the pool drops it when it is given back (decision 069).
    pool.on('connect', (client) => client.on('error', () => {}))
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  }
  return new Kysely<Database>({ dialect: new ImmediateTransactionsDialect({ database: withPreparedStatements(openSqlite(where.file)) }) })
}

/**
 * SQLite transactions begin IMMEDIATE: they take the write lock at `begin`, where `busy_timeout` waits for
 * another connection's write (the admin CLI, an e2e test's `db` fixture), as a single statement does.
 * Kysely's `begin` is DEFERRED: a transaction that reads before its first write then fails at that write
 * with SQLITE_BUSY, at once, when another connection writes meanwhile, since SQLite never waits to turn a
 * reader into the writer (decision 065). The app's transactions already run one at a time (one connection).
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }
}

class ImmediateTransactionsDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig

  constructor(config: SqliteDialectConfig) {
    super(config)
    this.#config = config
  }

  override createDriver() {
    return new ImmediateTransactionsDriver(this.#config)
  }

  override createQueryCompiler() {
    return new StablePlanCompiler()
  }
}

/**
 * Each value goes in as `+?` rather than `?` (decision 098). SQLite marks some parameters as ones whose value may
 * change the plan (a party's id against an index in an ordered query, a subquery's limit) and prepares the
 * statement again whenever a value is bound to one, which is at every run: the conversation list 16 µs a run instead
 * of 200-260. The unary plus changes neither the value (no conversion, no affinity) nor the plan.
 */
class StablePlanCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder() {
    return '+?'
  }
}

function openSqlite(file: string) {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new Sqlite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  return sqlite
}

const int8 = 20
const numeric = 1700

/**
 * Counts and sums come back from PostgreSQL as bigint or numeric, which `pg` hands over as strings; the app
 * reads them as numbers, as SQLite gives them (no count here comes near 2^53).
 */
const builtInParser = pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => (value: string) => unknown
const numberTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === int8 || oid === numeric ? Number : builtInParser(oid, format)) as typeof pg.types.getTypeParser,
}

/** How many distinct statements stay prepared (the least recently used one goes first). */
const preparedStatementLimit = 500

/**
 * Kysely prepares every query it runs; compiling SQL costs more than running a small query, so each
 * statement is prepared once and reused (DESIGN.md section 8: prepared queries). better-sqlite3 runs a
 * statement to completion before the next one starts; only a streamed query (`.stream()`) would keep one
 * busy, and the app has none.
 */
function withPreparedStatements(sqlite: Sqlite.Database): SqliteDatabase {
  const statements = new Map<string, Sqlite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(source) {
      let statement = statements.get(source)
      if (statement) statements.delete(source)
      else statement = sqlite.prepare(source)
      statements.set(source, statement)
      if (statements.size > preparedStatementLimit) statements.delete(statements.keys().next().value as string)
      return statement
    },
  }
}

/** The engine this process runs on; engine-specific SQL asks this (decision 044). */
export const engine: Engine = env.database.engine

export const db = openDatabase(env.database)

const healthCheckLimitMs = 2_000

/** True when the database answers a trivial query within two seconds (GET /healthz). */
export async function databaseAnswers() {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), healthCheckLimitMs)))
  const answered = sql`select 1`.execute(db).then(
    () => true,
    () => false,
  )
  try {
    return await Promise.race([answered, late])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * `column` is one of `list`, a JSON array of strings bound as one parameter: unlike `in (?, ?, ...)` the SQL is the
 * same however long the list, so a query that reads a page's rows by id can be compiled once (decision 089).
 * For ids and other stored text: PostgreSQL refuses a NUL character in it, as in any text.
 */
export function isOneOf(column: Expression<string>, list: string) {
  return engine === 'postgres'
    ? sql<SqlBool>`${column} = any(array(select jsonb_array_elements_text(${list}::jsonb)))`
    : sql<SqlBool>`${column} in (select value from json_each(${list}))`
}

/**
 * A constant of the schema (a status, a flag) written into the SQL instead of bound, for a column that a partial
 * index tests (decision 092): SQLite reads a bound value to decide whether such an index applies, and then prepares
 * the statement again at every run (`bookings.status = ?` 8 µs a run in a loop, `= 'accepted'` 4).
 */
export const schemaConstant = <Value extends string | number>(value: Value) => sql.lit(value)

/** The engine's own id of a row (SQLite's rowid, PostgreSQL's ctid): picks one of identical rows of a table without a key. */
export const rowIdentity = sql<string>`${sql.raw(engine === 'postgres' ? 'ctid' : 'rowid')}`

/**
 * Makes concurrent transactions that name the same key run one after the other from here to their commit.
 * SQLite has one writer, so its write transactions already do; on PostgreSQL each key takes a transaction
 * advisory lock (in sorted order, so two transactions never wait for each other's second key).
 */
export async function serializeOn(trx: Transaction<Database>, keys: readonly string[]) {
  if (engine !== 'postgres') return
  for (const key of [...new Set(keys)].sort()) await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx)
}

/**
 * Brings the schema up to date; a no-op when it already is. On PostgreSQL, Kysely's migrator holds an
 * advisory lock while it runs, so of N instances starting together one migrates and the others wait, then
 * find nothing left to do.
 */
export async function migrateToLatest(database: Kysely<Database> = db) {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error })
  return results ?? []
}

/**
 * Runs a job that must not run on two instances at once (the expiry sweep, housekeeping, seeding demo
 * data) under a PostgreSQL advisory lock named `name`, held on one connection of the pool for the job's
 * length. When another instance holds it, `wait` waits for it to finish first; otherwise the job is skipped
 * (null), as that instance is doing it right now. SQLite serves one instance, so the job just runs.
 */
export async function exclusively<T>(name: string, job: () => Promise<T>, { wait = false, database = db } = {}): Promise<T | null> {
  if (engine !== 'postgres') return job()
  return database.connection().execute(async (connection) => {
    const key = sql`hashtextextended(${`pawpal:${name}`}, 0)`
    if (wait) await sql`select pg_advisory_lock(${key})`.execute(connection)
    else {
      const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection)
      if (!rows[0]?.locked) return null
    }
    try {
      return await job()
    } finally {
      await sql`select pg_advisory_unlock(${key})`.execute(connection)
    }
  })
}
