import { z } from 'zod'
import { jsonError, readJsonBody } from '#app/lib/api.server.ts'
import { readMultipartForm } from '#app/lib/upload.server.ts'
import type { DogFailure } from './dogs.server.ts'
import { dogFieldsFromApi, type ApiDogFields } from './schema.ts'

// The body of POST /api/dogs and PATCH /api/dogs/{id}: multipart (spec section 7) or JSON.

/** Files beyond the 3 allowed still parse, so a fourth photo gets the spec's message rather than a parser error. */
const maxUploadFiles = 10
const photoFields = ['images', 'images[]', 'image'] as const

export type DogApiRequest = ApiDogFields & { photos: File[] }

/** Reads the dog fields and photos; a refused body is thrown as its JSON error (400, 413, 415). */
export async function readDogApiRequest(request: Request): Promise<DogApiRequest> {
  const contentType = request.headers.get('content-type')?.toLowerCase() ?? ''
  if (contentType.startsWith('multipart/form-data')) {
    const form = await readMultipartForm(request, { maxFiles: maxUploadFiles })
    return { ...dogFieldsFromApi(form.fields), photos: photoFields.flatMap((field) => form.files[field] ?? []) }
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return { ...dogFieldsFromApi(await request.formData()), photos: [] }
  }
  if (contentType.includes('json')) return { ...dogFieldsFromApi(jsonObjectOf(await readJsonBody(request))), photos: [] }
  throw jsonError(415, 'Content-Type must be multipart/form-data, application/x-www-form-urlencoded or application/json')
}

/**
 * An array or a number would read as no fields at all: a PATCH that changes nothing and answers 200. (The fields' own
 * rules, a NUL in a name among them, are the dog schema's to say.)
 */
function jsonObjectOf(body: unknown) {
  const shape = z.looseObject({}).safeParse(body)
  if (shape.success) return shape.data
  const message = shape.error.issues[0]?.message ?? 'Invalid input'
  throw jsonError(400, message, { form: [message] })
}

/** A refused dog change as the API's JSON error. */
export function dogFailureResponse(failure: DogFailure) {
  return jsonError(failure.status, failure.message, failure.field ? { [failure.field]: [failure.message] } : {})
}
