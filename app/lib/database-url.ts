// Which database engine a DATABASE_URL names (DESIGN.md ruling 22, decision 044). The one place that
// decides it: env.server.ts parses the setting with it, db.server.ts opens what it says, tests open theirs.

export type Engine = 'sqlite' | 'postgres'

export type DatabaseLocation = { engine: 'sqlite'; file: string } | { engine: 'postgres'; url: string }

const postgresUrl = /^postgres(ql)?:\/\//

/** `postgres://...` or `postgresql://...` is PostgreSQL; `file:path`, a bare path or `:memory:` is SQLite. */
export function parseDatabaseUrl(value: string): DatabaseLocation {
  if (postgresUrl.test(value)) return { engine: 'postgres', url: value }
  return { engine: 'sqlite', file: value.startsWith('file:') ? value.slice('file:'.length) : value }
}

/** A DATABASE_URL the app can open: a PostgreSQL URL, or a non-empty SQLite file (with or without `file:`). */
export function isDatabaseUrl(value: string) {
  const location = parseDatabaseUrl(value)
  if (location.engine === 'postgres') return URL.canParse(value)
  // Any other scheme (mysql://...) is a mistake, not a file name.
  return location.file.length > 0 && (value.startsWith('file:') || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value))
}
