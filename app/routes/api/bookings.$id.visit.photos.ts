import type { Route } from './+types/bookings.$id.visit.photos'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { visitMessages } from '#app/features/visits/schema.ts'
import { addVisitPhotoFile, visitPhotoRefusal } from '#app/features/visits/visit-log.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'
import { readMultipartForm, uploadErrorResponse } from '#app/lib/upload.server.ts'

// POST /api/bookings/{id}/visit/photos: multipart with one picture in the field `photo`, taken during the visit
// under way; stored without its metadata, private to the booking's parties, with the server's time; 10 a visit.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  // Whose visit it is, and whether it takes a photo now, before the picture is read: a stranger learns nothing more.
  const refusal = await visitPhotoRefusal(user.id, params.id)
  if (refusal) return jsonError(refusal.status, refusal.message)
  const form = await readMultipartForm(request, { maxFiles: 1 })
  const photo = form.files.photo?.[0]
  if (!photo) return jsonError(400, visitMessages.photoRequired, { photo: [visitMessages.photoRequired] })
  try {
    const outcome = await addVisitPhotoFile(user.id, params.id, photo)
    if (!outcome.ok) return jsonError(outcome.status, outcome.message)
    return Response.json(outcome.visit, { status: 201 })
  } catch (error) {
    return uploadErrorResponse(error)
  }
}
