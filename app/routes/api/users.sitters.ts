import type { Route } from './+types/users.sitters'
import { SitterSearchSchema, sitterSearchInput } from '#app/features/sitters/sitter-search-schema.ts'
import { searchSitters, toSitterListItemJson } from '#app/features/sitters/sitter-search.server.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'
import { pageMeta } from '#app/lib/paging.ts'
import { shareableJson } from '#app/lib/public-page-cache.server.ts'

// GET /api/users/sitters?page&limit&search&service&size&date&bbox&lat&lng&radius (spec section 7, issue 9):
// listed sitters with approximate locations only, as {data, meta: {page, limit, total, totalPages}}.
// The answer depends on the query alone, so one copy serves everyone who asks it (decision 042).
export async function loader({ url }: Route.LoaderArgs) {
  const query = parseApiInput(SitterSearchSchema, sitterSearchInput(url.searchParams))
  const { sitters, total } = await searchSitters(query)
  return shareableJson({ data: sitters.map(toSitterListItemJson), meta: pageMeta(query, total) })
}

export const action = () => methodNotAllowed(['GET'])
