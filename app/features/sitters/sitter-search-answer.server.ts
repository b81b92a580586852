import { pageMeta } from '#app/lib/paging.ts'
import { shareableJsonText } from '#app/lib/public-page-cache.server.ts'
import { mapAreaPage } from './map-area-cache.server.ts'
import type { SitterQuery } from './sitter-search-schema.ts'
import { searchSitters, toSitterListItemJson } from './sitter-search.server.ts'

// GET /api/users/sitters's answer as the JSON text it sends: the map's own question (a box, nothing else)
// from the cells neighbouring boxes share (map-area-cache.server.ts), every other query searched. Both
// write the same bytes for the same sitters: `{"data":[...],"meta":{...}}` as JSON.stringify writes it.

/** The answer as the route sends it and as entry.server.tsx makes it before React Router (one shared copy for everyone). */
export async function sitterSearchResponse(query: SitterQuery) {
  return shareableJsonText(await sitterSearchAnswer(query))
}

async function sitterSearchAnswer(query: SitterQuery): Promise<string> {
  const { items, total } = (await mapAreaPage(query)) ?? (await searchedPage(query))
  return `{"data":[${items.join(',')}],"meta":${JSON.stringify(pageMeta(query, total))}}`
}

async function searchedPage(query: SitterQuery) {
  const { sitters, total } = await searchSitters(query)
  return { items: sitters.map((sitter) => JSON.stringify(toSitterListItemJson(sitter))), total }
}
