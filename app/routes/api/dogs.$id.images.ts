import type { Route } from './+types/dogs.$id.images'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { dogFailureResponse } from '#app/features/dogs/api-input.server.ts'
import { toDogJson } from '#app/features/dogs/dog.ts'
import { deleteDogImage } from '#app/features/dogs/dogs.server.ts'
import { DeleteImageSchema } from '#app/features/dogs/schema.ts'
import { methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// DELETE /api/dogs/{id}/images with JSON {imageUrl}: the base path, a size variant or a full URL.
// Clients that cannot send a body with DELETE may pass ?imageUrl= instead. Answers the updated dog.
export const loader = () => methodNotAllowed(['DELETE'])

export async function action({ request, context, params, url }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  const user = requireApiUser(context)
  const fromQuery = url.searchParams.get('imageUrl')
  const body = fromQuery !== null && !request.headers.get('content-type') ? { imageUrl: fromQuery } : await readJsonBody(request)
  const { imageUrl } = parseApiInput(DeleteImageSchema, body)
  const outcome = await deleteDogImage(user.id, params.id, imageUrl)
  if (!outcome.ok) return dogFailureResponse(outcome)
  return Response.json(toDogJson(outcome.dog))
}
