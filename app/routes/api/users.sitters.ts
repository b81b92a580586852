import type { Route } from './+types/users.sitters'
import { SitterSearchSchema, sitterSearchInput } from '#app/features/sitters/sitter-search-schema.ts'
import { sitterSearchAnswer } from '#app/features/sitters/sitter-search-answer.server.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'
import { shareableJsonText } from '#app/lib/public-page-cache.server.ts'

// GET /api/users/sitters?page&limit&search&service&size&date&bbox&lat&lng&radius (spec section 7, issue 9):
// listed sitters with approximate locations only, as {data, meta: {page, limit, total, totalPages}}.
// The answer depends on the query alone, so one copy serves everyone who asks it (decision 042), and the
// map's boxes share the cells they overlap (issue 34).
export async function loader({ url }: Route.LoaderArgs) {
  const query = parseApiInput(SitterSearchSchema, sitterSearchInput(url.searchParams))
  return shareableJsonText(await sitterSearchAnswer(query))
}

export const action = () => methodNotAllowed(['GET'])
