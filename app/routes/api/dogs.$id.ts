import type { Route } from './+types/dogs.$id'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { dogBookingState } from '#app/features/bookings/dog-bookings.server.ts'
import { dogFailureResponse, readDogApiRequest } from '#app/features/dogs/api-input.server.ts'
import { toDogJson } from '#app/features/dogs/dog.ts'
import { deleteDog, getOwnedDog, updateDog } from '#app/features/dogs/dogs.server.ts'
import { dogFormDefaults, DogFormSchema, dogMessages } from '#app/features/dogs/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET, PATCH and DELETE /api/dogs/{id}: the owner's own dog; 404 'Dog not found' for anyone else.
const allowed = ['GET', 'PATCH', 'DELETE']

export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const dog = await getOwnedDog(user.id, params.id)
  if (!dog) return jsonError(404, dogMessages.dogNotFound)
  return Response.json(toDogJson(dog))
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'PATCH' && request.method !== 'DELETE') return methodNotAllowed(allowed)
  const user = requireApiUser(context)

  if (request.method === 'DELETE') {
    const outcome = await deleteDog(user.id, params.id, dogBookingState)
    if (!outcome.ok) return dogFailureResponse(outcome)
    return Response.json(outcome.archived ? { message: 'Dog archived', archived: true } : { message: 'Dog deleted', archived: false })
  }

  // PATCH: multipart (the update form: id, fields, images) or JSON. A field left out keeps its value;
  // new images are added after the saved ones, at most 3 in all.
  const dog = await getOwnedDog(user.id, params.id)
  if (!dog) return jsonError(404, dogMessages.dogNotFound)
  const body = await readDogApiRequest(request)
  if (body.id !== undefined && body.id !== dog.id) return jsonError(400, dogMessages.idMismatch)
  const input = parseApiInput(DogFormSchema, { ...dogFormDefaults(dog), ...body.fields })
  const outcome = await updateDog(user.id, dog.id, input, { files: body.photos })
  if (!outcome.ok) return dogFailureResponse(outcome)
  return Response.json(toDogJson(outcome.dog))
}
