import { CompiledQuery, type Compilable, type Kysely, sql } from 'kysely'
import { type Database, engine } from '#app/lib/db.server.ts'

/**
 * The tables a query has to read whole (SQLite's `SCAN t`, PostgreSQL's `Seq Scan on t`) for want of an
 * index. PostgreSQL reads a small table whole on cost even where an index would serve, so its plan is
 * asked for with sequential scans discouraged: one that stays has no index to use.
 */
export async function tablesScannedWhole(db: Kysely<Database>, query: Compilable) {
  const compiled = query.compile()
  if (engine === 'postgres') {
    const plan = await db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      return trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]))
    })
    return plan.rows.flatMap((row) => /Seq Scan on "?(\w+)"?/.exec(row['QUERY PLAN'])?.[1] ?? [])
  }
  const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))
  const partialIndexes = await partialIndexNames(db)
  return plan.rows.flatMap((row) => {
    if (row.detail === 'SCAN CONSTANT ROW') return []
    // The values of a list bound as one JSON value (`isOneOf`): the list itself, not a table.
    if (row.detail.startsWith('SCAN json_each VIRTUAL TABLE')) return []
    // A partial index holds only the rows its condition picks (the suspended accounts): reading it whole is no table read whole.
    const index = /^SCAN \w+ USING (?:COVERING )?INDEX (\w+)/.exec(row.detail)?.[1]
    if (index && partialIndexes.has(index)) return []
    return /^SCAN (\w+)\b/.exec(row.detail)?.[1] ?? []
  })
}

async function partialIndexNames(db: Kysely<Database>) {
  const rows = await db.executeQuery<{ name: string }>(CompiledQuery.raw(`select name from sqlite_master where type = 'index' and sql like '% where %'`))
  return new Set(rows.rows.map((row) => row.name))
}
