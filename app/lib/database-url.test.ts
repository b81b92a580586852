import { describe, expect, test } from 'vitest'
import { isDatabaseUrl, parseDatabaseUrl } from './database-url.ts'

describe('DATABASE_URL', () => {
  test('a postgres:// or postgresql:// URL is PostgreSQL', () => {
    expect(parseDatabaseUrl('postgres://app:secret@db:5432/pawpal')).toEqual({ engine: 'postgres', url: 'postgres://app:secret@db:5432/pawpal' })
    expect(parseDatabaseUrl('postgresql://db/pawpal').engine).toBe('postgres')
  })

  test('a file: URL, a bare path or :memory: is a SQLite file', () => {
    expect(parseDatabaseUrl('file:data/app.db')).toEqual({ engine: 'sqlite', file: 'data/app.db' })
    expect(parseDatabaseUrl('/var/lib/pawpal/app.db')).toEqual({ engine: 'sqlite', file: '/var/lib/pawpal/app.db' })
    expect(parseDatabaseUrl(':memory:')).toEqual({ engine: 'sqlite', file: ':memory:' })
  })

  test('another scheme, an empty file or a broken postgres URL is refused', () => {
    expect(isDatabaseUrl('mysql://db/pawpal')).toBe(false)
    expect(isDatabaseUrl('file:')).toBe(false)
    expect(isDatabaseUrl('postgres://[broken')).toBe(false)
    expect(isDatabaseUrl('file:data/app.db')).toBe(true)
    expect(isDatabaseUrl('file:///var/lib/pawpal/app.db')).toBe(true)
    expect(isDatabaseUrl('postgres://db/pawpal')).toBe(true)
  })
})
