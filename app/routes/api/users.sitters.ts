import type { Route } from './+types/users.sitters'
import { SitterSearchSchema, sitterSearchInput } from '#app/features/sitters/sitter-search-schema.ts'
import { sitterSearchResponse } from '#app/features/sitters/sitter-search-answer.server.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/users/sitters?page&limit&search&service&size&date&bbox&lat&lng&radius (spec section 7, issue 9):
// listed sitters with approximate locations only, as {data, meta: {page, limit, total, totalPages}}.
// The answer depends on the query alone, so one copy serves everyone who asks it (decision 042), the map's
// boxes share the cells they overlap, and entry.server.tsx makes the same answer before React Router (issue 34).
export async function loader({ url }: Route.LoaderArgs) {
  const query = parseApiInput(SitterSearchSchema, sitterSearchInput(url.searchParams))
  return sitterSearchResponse(query)
}

export const action = () => methodNotAllowed(['GET'])
