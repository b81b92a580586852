import type { GeoPoint } from '#app/features/geo/distance.ts'
import type { SitterListFilters, SitterListPages } from './sitter-list-filters.ts'
import { sitterPageSize } from './sitter-search-schema.ts'
import { searchSitters } from './sitter-search.server.ts'

/**
 * The sitters the /sitters page shows: pages `first` to `last` of 10 that match the filters, nearest
 * first from `origin` (the signed-in visitor's own location) when given, and how many match in all.
 */
export function listSittersForPage(filters: SitterListFilters, pages: SitterListPages, origin: GeoPoint | null) {
  return searchSitters({
    page: pages.first,
    limit: (pages.last - pages.first + 1) * sitterPageSize,
    offset: (pages.first - 1) * sitterPageSize,
    search: filters.search,
    services: filters.service ? [filters.service] : [],
    sizes: filters.sizes,
    freeOn: filters.date,
    box: null,
    near: origin ? { origin, radiusMiles: null } : null,
  })
}
