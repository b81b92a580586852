import type { IncomingHttpHeaders } from 'node:http'
import { findSessionUser, readSessionId } from '#app/features/accounts/session.server.ts'
import { isSitterOfDog } from '#app/features/bookings/dog-bookings.server.ts'
import { findDogOfPhoto } from '#app/features/dogs/dog-photos.server.ts'
import { findPartiesOfVisitPhoto } from '#app/features/visits/visit-log.server.ts'
import { isPendingUploadOf } from '#app/lib/pending-uploads.server.ts'

// Who may load a stored image (docs/decisions/061-...): server.ts asks before it sends a file under /uploads.
// Profile and gallery photos are public. A dog's photos are public while it is listed for sitting; otherwise
// only its owner and the sitters of its bookings get them, and only as a private answer. A dog photo not yet
// on a dog (an onboarding upload) is its uploader's. A visit's photos are its booking's two parties', privately.

export type UploadAccess = 'public' | 'private' | 'hidden'

/** How to answer a request for the stored image `basePath` (`/uploads/<kind>/<owner>/<uuid>`). */
export async function uploadAccess(basePath: string, headers: IncomingHttpHeaders): Promise<UploadAccess> {
  if (basePath.startsWith('/uploads/visits/')) return visitPhotoAccess(basePath, headers)
  if (!basePath.startsWith('/uploads/dogs/')) return 'public'
  const dog = await findDogOfPhoto(basePath)
  if (dog?.photosPublic) return 'public'
  const viewer = await viewerOf(headers)
  if (!viewer) return 'hidden'
  const allowed = dog
    ? viewer.id === dog.ownerId || (await isSitterOfDog(viewer.id, dog.id))
    : await isPendingUploadOf(viewer.id, basePath)
  return allowed ? 'private' : 'hidden'
}

async function visitPhotoAccess(basePath: string, headers: IncomingHttpHeaders): Promise<UploadAccess> {
  const parties = await findPartiesOfVisitPhoto(basePath)
  const viewer = parties && (await viewerOf(headers))
  return viewer && (viewer.id === parties.ownerId || viewer.id === parties.sitterId) ? 'private' : 'hidden'
}

/** The signed-in user of an image request: its session cookie or Bearer token, as for any page. */
async function viewerOf(headers: IncomingHttpHeaders) {
  const credentials = new Headers()
  if (headers.cookie) credentials.set('cookie', headers.cookie)
  if (headers.authorization) credentials.set('authorization', headers.authorization)
  const session = await readSessionId(new Request('http://localhost/', { headers: credentials }))
  return session ? findSessionUser(session.id) : null
}
