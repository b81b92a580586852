import { type Expression, sql, type SqlBool } from 'kysely'
import { z } from 'zod'

// Keyset paging of the lists that grow with use (decision 046). A page ends at a row; the opaque cursor
// names that row by its list, its sort key and its id, and the next page is the rows past it in the list's
// order: an index walk that stops after one page, however long the list (no OFFSET). Rows added or moved
// meanwhile never make a row appear twice. The SQL is one comparison per column, the same on every engine.

export type KeysetCursor = {
  /** Which list (and filter) the cursor was made for: a cursor is refused by any other. */
  list: string
  /** The row's sort key (an ISO instant in every list so far). */
  key: string
  id: string
}

export type SortOrder = 'asc' | 'desc'

export const cursorMessages = {
  invalid: 'cursor is not a cursor this API made',
  foreign: 'cursor belongs to another list: start again without it',
} as const

const maxCursorLength = 400
const maxPartLength = 200

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

export function encodeCursor({ list, key, id }: KeysetCursor) {
  return base64url(JSON.stringify([list, key, id]))
}

/** The cursor written in `text`; null for anything `encodeCursor` did not make. */
export function decodeCursor(text: string): KeysetCursor | null {
  if (text.length === 0 || text.length > maxCursorLength || !/^[\w-]+$/.test(text)) return null
  let parts: unknown
  try {
    parts = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')))
  } catch {
    return null
  }
  if (!Array.isArray(parts) || parts.length !== 3) return null
  if (!parts.every((part): part is string => typeof part === 'string' && part.length > 0 && part.length <= maxPartLength)) return null
  const [list, key, id] = parts as [string, string, string]
  return { list, key, id }
}

/** What a cursor looks like (base64url, at most 400 characters), for the OpenAPI document; only one the API made is taken. */
export const cursorPattern = `^[\\w-]{1,${maxCursorLength}}$`

/** `?cursor=`: decoded, or a 400 naming it. Whether it belongs to the list is checked where the list is known. */
export const cursorParameter = z
  .string({ error: cursorMessages.invalid })
  .transform((text, context) => {
    const cursor = decodeCursor(text)
    if (cursor) return cursor
    context.addIssue({ code: 'custom', message: cursorMessages.invalid })
    return z.NEVER
  })
  .meta({ pattern: cursorPattern })
  .optional()

/**
 * The rows past the cursor's row in a list sorted by `key` then `id`, both in `order`:
 * `(key < x) or (key = x and id < y)` when descending. `including` keeps the cursor's row and those before it
 * instead (a page that shows everything up to a row, then more).
 */
export function keysetCondition(columns: { key: string; id: string }, cursor: Pick<KeysetCursor, 'key' | 'id'>, order: SortOrder, { upTo = false } = {}): Expression<SqlBool> {
  const past = (order === 'desc') !== upTo ? '<' : '>'
  const key = sql.ref(columns.key)
  const id = sql.ref(columns.id)
  return sql<SqlBool>`((${key} ${sql.raw(past)} ${cursor.key}) or (${key} = ${cursor.key} and ${id} ${sql.raw(upTo ? `${past}=` : past)} ${cursor.id}))`
}

/** Where a page starts: at the top, past a row (the API's `cursor`), or showing everything up to a row and one page more (the pages' 'Show more'). */
export type PagePosition = { after?: KeysetCursor; through?: KeysetCursor }

/** The most rows a 'Show more' page shows before the cursor's row: beyond it the page starts after them. */
const maxRowsShown = 500

/**
 * One page of a keyset list: `read` runs the list's query with an extra condition and a limit. With
 * `through` the page shows the rows up to that row (at most `maxRowsShown`) and `limit` more.
 * `next` is the cursor of the page's last row when more follow.
 */
export async function readKeysetPage<Row>(
  read: (condition: Expression<SqlBool> | null, limit: number) => Promise<Row[]>,
  rowCursor: (row: Row) => KeysetCursor,
  condition: (cursor: KeysetCursor, options?: { upTo: boolean }) => Expression<SqlBool>,
  { after, through }: PagePosition,
  limit: number,
): Promise<{ rows: Row[]; next: KeysetCursor | null }> {
  const earlier = through ? await read(condition(through, { upTo: true }), maxRowsShown + 1) : []
  if (earlier.length > maxRowsShown) {
    const rows = earlier.slice(0, maxRowsShown)
    return { rows, next: rowCursor(rows[rows.length - 1] as Row) }
  }
  const start = through ?? after
  const more = await read(start ? condition(start) : null, limit + 1)
  const rows = [...earlier, ...more.slice(0, limit)]
  const last = rows[rows.length - 1]
  return { rows, next: more.length > limit && last !== undefined ? rowCursor(last) : null }
}

/** A page's `?cursor=` for `list`: the row its 'Show more' link named; a cursor of another list, or none, starts at the top. */
export function readPageCursor(query: URLSearchParams, list: string): KeysetCursor | undefined {
  const cursor = decodeCursor(query.get('cursor') ?? '')
  return cursor?.list === list ? cursor : undefined
}

/** What a page's list needs for 'Show more': the cursor of its last row when more follow, and the row its address shows through. */
export function showMoreState(shownThrough: KeysetCursor | undefined, next: KeysetCursor | null) {
  return {
    moreCursor: next && encodeCursor(next),
    shownThrough: shownThrough ? { cursor: encodeCursor(shownThrough), id: shownThrough.id } : null,
  }
}
