import type { Route } from './+types/dogs'
import { requireApiMember, requireApiUser } from '#app/features/accounts/guards.server.ts'
import { mayChangeAccount, staffAccountMessage } from '#app/features/accounts/roles.ts'
import { dogFailureResponse, readDogApiRequest } from '#app/features/dogs/api-input.server.ts'
import { toDogJson } from '#app/features/dogs/dog.ts'
import { addDog, listDogsOf } from '#app/features/dogs/dogs.server.ts'
import { DogFormSchema } from '#app/features/dogs/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/dogs: the signed-in user's dogs. POST /api/dogs: add one (spec section 7, multipart with the
// fields of any of its three variants: onboarding, add form, update form; JSON without photos also works).
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  return Response.json((await listDogsOf(user.id)).map(toDogJson))
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const user = requireApiMember(context, staffAccountMessage)
  const body = await readDogApiRequest(request)
  if (body.ownerId !== undefined && !mayChangeAccount(user, body.ownerId)) return jsonError(403, 'You can only add dogs to your own profile')
  const input = parseApiInput(DogFormSchema, body.fields)
  const outcome = await addDog(user.id, input, { files: body.photos })
  if (!outcome.ok) return dogFailureResponse(outcome)
  return Response.json(toDogJson(outcome.dog), { status: 201 })
}
