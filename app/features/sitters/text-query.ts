// What a visitor types into the sitter search, as the words it searches for. Pure, so every engine's
// text index (SQLite's FTS5, PostgreSQL's tsvector) gets the same words, and no character of the input
// is ever read as search syntax: words are runs of letters, digits and combining marks; everything
// else (quotes, `*`, `(`, `:`, `-`, `^`) only separates words, and a word such as OR or NEAR is a word.

/** More words narrow a search that is already narrow; each word costs the index a lookup. */
export const maxSearchWords = 8

/** The last word is matched as a prefix (the visitor may still be typing it) from this length on. */
export const minPrefixLength = 2

export type SearchWords = { words: string[]; lastIsPrefix: boolean }

/** The distinct words of a search, in order (at most `maxSearchWords`); null when it has none. */
export function searchWords(search: string): SearchWords | null {
  const words = [
    ...new Set(
      search
        .normalize('NFC')
        .toLowerCase()
        .split(/[^\p{L}\p{N}\p{M}]+/u)
        .filter(Boolean),
    ),
  ].slice(0, maxSearchWords)
  const last = words.at(-1)
  if (last === undefined) return null
  return { words, lastIsPrefix: last.length >= minPrefixLength }
}

/** An FTS5 MATCH expression: every word a quoted string (all must match), the last one a prefix. */
export function toFtsMatch({ words, lastIsPrefix }: SearchWords): string {
  return words
    .map((word, index) => {
      const quoted = `"${word.replaceAll('"', '""')}"`
      return lastIsPrefix && index === words.length - 1 ? `${quoted}*` : quoted
    })
    .join(' ')
}

/** A PostgreSQL tsquery: every word a quoted lexeme (all must match), the last one a prefix (`:*`). */
export function toTsQuery({ words, lastIsPrefix }: SearchWords): string {
  return words
    .map((word, index) => {
      const quoted = `'${word.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`
      return lastIsPrefix && index === words.length - 1 ? `${quoted}:*` : quoted
    })
    .join(' & ')
}
