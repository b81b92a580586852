import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import { type Database, db } from './db.server.ts'

// Decision 089: Kysely builds a query as a tree of frozen nodes and compiles it to SQL on every call; for the
// statements every signed-in request asks (the session's user, the navigation's badges) that cost more CPU
// than SQLite spent answering them, and the booking pages' reads of their rows add up. A precompiled query is
// built and compiled once; each call binds its values.

type Values = Record<string, string>

// Mixed case and padded, so that a value lower-cased, upper-cased or trimmed on its way no longer matches.
const standInMark = '\u0000Stand-in'
const standIn = (round: number, name: string) => ` ${standInMark}:${round}:${name} `

/**
 * A query of one fixed shape whose values change from call to call, compiled once. `build` must hand each
 * value to Kysely as it is: it runs twice with different stand-ins at the first call, and a query whose SQL
 * or other parameters differ between the two (a value formatted, computed on, or choosing the query's shape)
 * throws instead of running with the stand-ins' values. A list of ids goes in as one JSON value (`isOneOf`).
 * It runs on `executor` (a transaction, when the caller is in one).
 */
export function precompiledQuery<V extends Values, Row>(build: (values: V) => Compilable<Row>) {
  let template: { query: CompiledQuery<Row>; slots: (string | null)[] } | undefined
  return async function run(values: V, executor: Kysely<Database> = db): Promise<Row[]> {
    template ??= compileTemplate(build)
    const { query, slots } = template
    const parameters = query.parameters.map((constant, index) => {
      const name = slots[index]
      return name == null ? constant : values[name]
    })
    const result = await executor.executeQuery<Row>({ ...query, parameters })
    return result.rows
  }
}

function compileTemplate<V extends Values, Row>(build: (values: V) => Compilable<Row>) {
  const standIns = (round: number) => new Proxy({} as V, { get: (_, name) => (typeof name === 'string' ? standIn(round, name) : undefined) })
  const first = build(standIns(1)).compile()
  const second = build(standIns(2)).compile()
  if (first.sql !== second.sql || first.parameters.length !== second.parameters.length) {
    throw new Error(`A precompiled query's SQL depends on its values: ${first.sql}`)
  }
  const slots = first.parameters.map((parameter, index) => {
    const other = second.parameters[index]
    const name = typeof parameter === 'string' && parameter.startsWith(` ${standInMark}:1:`) ? parameter.slice(standInMark.length + 4, -1) : null
    if (name !== null && other === standIn(2, name)) return name
    if (parameter !== other || (typeof parameter === 'string' && parameter.includes(standInMark))) {
      throw new Error(`A precompiled query changes a value before handing it to Kysely (parameter ${index + 1}): ${first.sql}`)
    }
    return null
  })
  return { query: first, slots }
}
