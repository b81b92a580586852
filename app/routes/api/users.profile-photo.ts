import type { Route } from './+types/users.profile-photo'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { updateProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'
import { readMultipartForm, uploadErrorResponse, uploadMessages } from '#app/lib/upload.server.ts'

// PATCH /api/users/profile/photo: multipart with the picture in the field `file` (spec section 7).
export const loader = () => methodNotAllowed(['PATCH'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
  const user = requireApiUser(context)
  const form = await readMultipartForm(request, { maxFiles: 1 })
  const file = form.files.file?.[0]
  if (!file) return jsonError(400, uploadMessages.notAnImage, { file: [uploadMessages.notAnImage] })
  try {
    return Response.json(await updateProfilePhoto(user.id, file))
  } catch (error) {
    return uploadErrorResponse(error)
  }
}
