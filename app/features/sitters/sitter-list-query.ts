import type { z } from 'zod'
import { type SitterListFilters, type SitterListPages, defaultFirstPage, maxPagesAtOnce } from './sitter-list-filters.ts'
import { sitterSearchFields } from './sitter-search-schema.ts'

// The /sitters page's reading of its query string, with the API's rule for every parameter
// (sitter-search-schema.ts). A value the page cannot use is left out and named in `problems`, so the
// visitor sees why a filter did nothing; the list still answers.

export type SitterListQuery = { filters: SitterListFilters; pages: SitterListPages; problems: string[] }

export function readSitterListQuery(params: URLSearchParams): SitterListQuery {
  const problems: string[] = []
  const { shape } = sitterSearchFields
  function read<T>(rule: z.ZodType<T>, value: unknown, fallback: T): T {
    const result = rule.safeParse(value)
    if (result.success) return result.data
    problems.push(...new Set(result.error.issues.map((issue) => issue.message)))
    return fallback
  }
  const given = (name: string) => params.get(name)?.trim() || undefined

  const last = read(shape.page, given('page'), 1)
  const firstAsked = Number(given('first'))
  const first = Number.isSafeInteger(firstAsked) && firstAsked >= 1 && firstAsked <= last && last - firstAsked < maxPagesAtOnce ? firstAsked : defaultFirstPage(last)
  return {
    filters: {
      search: read(shape.search, params.get('search') ?? undefined, ''),
      service: read(shape.service, params.getAll('service').filter(Boolean).slice(0, 1), [])[0] ?? null,
      sizes: read(shape.size, params.getAll('size').filter(Boolean), []),
      date: read(shape.date, given('date'), undefined) ?? null,
      near: params.get('near') === '1',
    },
    pages: { first, last },
    problems,
  }
}
