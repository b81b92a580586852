import type { DogSize } from '#app/features/dogs/options.ts'
import type { SitterService } from './options.ts'

// The filters of the /sitters page as query parameters (issue 9; DESIGN.md ruling 14: filters are links):
// search, service, size (repeatable: takes every size asked for), date ('free on', yyyy-MM-dd) and near
// ('near me', from the signed-in user's own location), plus which pages of 10 to show. No zod here: the
// page's JavaScript builds its links with these functions.

export type SitterListFilters = {
  search: string
  service: SitterService | null
  sizes: DogSize[]
  /** Free on this day (yyyy-MM-dd): hours in the weekly schedule that weekday, the day not blocked. */
  date: string | null
  /** Nearest first from the signed-in user's location. */
  near: boolean
}

/** The pages of 10 a request shows: `page` is the last one; without JavaScript a 'Load More' link asks for pages 1 to N. */
export type SitterListPages = { first: number; last: number }

/** The most pages one answer shows (100 sitters, as many as the API gives at once). */
export const maxPagesAtOnce = 10

/** The query string of these filters ('' for none) and, when given, of the pages to show. */
export function sitterListSearch(filters: SitterListFilters, pages?: { last: number; first?: number }) {
  const params = new URLSearchParams()
  if (filters.search) params.set('search', filters.search)
  if (filters.service) params.set('service', filters.service)
  for (const size of filters.sizes) params.append('size', size)
  if (filters.date) params.set('date', filters.date)
  if (filters.near) params.set('near', '1')
  if (pages && pages.last > 1) params.set('page', String(pages.last))
  if (pages?.first !== undefined && pages.first !== defaultFirstPage(pages.last)) params.set('first', String(pages.first))
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The first page shown when only the last is asked for: all of them, up to `maxPagesAtOnce`. */
export const defaultFirstPage = (last: number) => Math.max(1, last - maxPagesAtOnce + 1)

/** How many filters narrow the list (the search box aside): the count beside 'Filters'. */
export function countActiveFilters(filters: SitterListFilters) {
  return (filters.service ? 1 : 0) + filters.sizes.length + (filters.date ? 1 : 0) + (filters.near ? 1 : 0)
}
