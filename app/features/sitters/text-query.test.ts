import { describe, expect, test } from 'vitest'
import { maxSearchWords, searchWords, toFtsMatch, toTsQuery } from './text-query.ts'

describe('searchWords', () => {
  test('splits on everything but letters, digits and marks; lower-cases; drops repeats', () => {
    expect(searchWords('  Anna "Keller" (Höngg) anna ')).toEqual({ words: ['anna', 'keller', 'höngg'], lastIsPrefix: true })
  })

  test('search syntax is only separators, and its keywords are plain words', () => {
    expect(searchWords('walking OR boarding NEAR(lake, 2) name:x*')?.words).toEqual(['walking', 'or', 'boarding', 'near', 'lake', '2', 'name', 'x'])
  })

  test('nothing but punctuation is no search at all', () => {
    expect(searchWords(`"*'()-^:`)).toBeNull()
    expect(searchWords('')).toBeNull()
  })

  test(`keeps at most ${maxSearchWords} words`, () => {
    expect(searchWords('a b c d e f g h i j')?.words).toHaveLength(maxSearchWords)
  })

  test('a one-letter last word is not a prefix (it would match most of the index)', () => {
    expect(searchWords("O'Brien")).toEqual({ words: ['o', 'brien'], lastIsPrefix: true })
    expect(searchWords('Anna K')).toEqual({ words: ['anna', 'k'], lastIsPrefix: false })
  })

  test('a decomposed accent stays in its word', () => {
    expect(searchWords('Ho\u0308ngg')?.words).toEqual(['höngg'])
  })
})

describe('toFtsMatch', () => {
  test('quotes every word and makes only the last one a prefix', () => {
    expect(toFtsMatch({ words: ['near', 'or', 'wied'], lastIsPrefix: true })).toBe('"near" "or" "wied"*')
    expect(toFtsMatch({ words: ['anna', 'k'], lastIsPrefix: false })).toBe('"anna" "k"')
  })

  test('a double quote inside a word is doubled, never closing the string', () => {
    expect(toFtsMatch({ words: ['a"b'], lastIsPrefix: false })).toBe('"a""b"')
  })
})

describe('toTsQuery', () => {
  test('quotes every word, all must match, and makes only the last one a prefix', () => {
    expect(toTsQuery({ words: ['near', 'or', 'wied'], lastIsPrefix: true })).toBe("'near' & 'or' & 'wied':*")
    expect(toTsQuery({ words: ['anna', 'k'], lastIsPrefix: false })).toBe("'anna' & 'k'")
  })

  test('a quote or backslash inside a word is escaped, never closing the lexeme', () => {
    expect(toTsQuery({ words: ["a'b", 'c\\'], lastIsPrefix: false })).toBe("'a''b' & 'c\\\\'")
  })
})
