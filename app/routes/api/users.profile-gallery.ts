import type { Route } from './+types/users.profile-gallery'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { DeleteImageSchema } from '#app/features/dogs/schema.ts'
import { maxGalleryPhotos } from '#app/features/sitters/gallery-fields.ts'
import { addGalleryPhotos, type GalleryOutcome, removeGalleryPhoto } from '#app/features/sitters/gallery.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { readMultipartForm } from '#app/lib/upload.server.ts'

// The signed-in sitter's gallery (issue 9): POST multipart `images` (up to 6 photos in all) adds photos,
// DELETE with JSON {imageUrl} (or ?imageUrl=) removes one. Both answer {photos} in their order.
export const loader = () => methodNotAllowed(['POST', 'DELETE'])

export async function action({ request, context, url }: Route.ActionArgs) {
  if (request.method === 'POST') {
    const user = requireApiUser(context)
    const { files } = await readMultipartForm(request, { maxFiles: maxGalleryPhotos })
    const photos = [...(files.images ?? []), ...(files['images[]'] ?? []), ...(files.file ?? [])]
    return answer(await addGalleryPhotos(user, photos), 201, 'images')
  }
  if (request.method === 'DELETE') {
    const user = requireApiUser(context)
    const fromQuery = url.searchParams.get('imageUrl')
    const body = fromQuery !== null && !request.headers.get('content-type') ? { imageUrl: fromQuery } : await readJsonBody(request)
    const { imageUrl } = parseApiInput(DeleteImageSchema, body)
    return answer(await removeGalleryPhoto(user.id, imageUrl), 200, 'imageUrl')
  }
  return methodNotAllowed(['POST', 'DELETE'])
}

function answer(outcome: GalleryOutcome, status: number, field: string) {
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, { [field]: [outcome.message] })
  return Response.json({ photos: outcome.photos }, { status })
}
