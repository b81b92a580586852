import { type Expression, type SqlBool, sql } from 'kysely'

/**
 * Case-insensitive substring match. `lower(…) like lower(…)` with an escaped pattern means the same in
 * SQLite and PostgreSQL (whose `like` alone is case-sensitive; SQLite's lower() folds ASCII letters only).
 */
export function containsText(column: Expression<string>, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`
}
