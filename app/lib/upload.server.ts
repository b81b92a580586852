import { containsNul } from './nul-characters.server.ts'
import {
  FormDataParseError,
  MaxFilesExceededError,
  MaxFileSizeExceededError,
  MaxHeaderSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser'
import { jsonError } from './api.server.ts'
import { ImageTooLargeError, type ImageVariants, isHeic, maxImagePixels, renderImageVariants, UnsupportedImageError } from './images.server.ts'
import { addRefusal, maxImageBytes, photoMessages, type RefusedPhotos } from './photo-rules.ts'

// Multipart uploads for page actions and the JSON API alike (spec sections 5 and 9: images only, under
// 5 MB). The API refuses a larger file at its 5 MB + 1st byte, while the body streams in. A page keeps
// reading past it (the file is dropped and reported) so the form comes back with everything else the
// user typed. server.ts already refuses multipart bodies that declare more than 16 MB.

const maxUploadBytes = 16 * 1024 * 1024

export const uploadMessages = {
  tooLarge: photoMessages.tooLarge,
  notAnImage: photoMessages.notAnImage,
  heic: photoMessages.heic,
  tooManyPixels: `Image dimensions are too large (at most ${maxImagePixels / 1_000_000} megapixels)`,
  uploadTooLarge: 'The upload is too large',
  notMultipart: 'Content-Type must be multipart/form-data',
  malformed: 'The form data could not be read',
  tooManyParts: 'The form has too many fields',
  tooManyFiles: (maxFiles: number) => `Too many files: at most ${maxFiles} per upload`,
} as const

export type UploadErrorStatus = 400 | 413 | 415

/** A refused upload, with the status and the message to show (a page shows it inline, the API as JSON). */
export class UploadError extends Error {
  readonly status: UploadErrorStatus

  constructor(status: UploadErrorStatus, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'UploadError'
    this.status = status
  }
}

export type MultipartForm = {
  /** The text fields only. */
  fields: FormData
  /** The uploaded files by field name (each at most 5 MB, kept in memory); empty file inputs are left out. */
  files: Record<string, File[]>
  /** Text fields and files together, for `parseWithZod` schemas that include file fields. */
  formData: FormData
  /** The names of the files over 5 MB, by field name, that were dropped (only when `oversizedFiles` is 'report'). */
  oversized: Record<string, string[]>
}

export type MultipartFormOptions = {
  /** How many files the request may carry in all (default 10). */
  maxFiles?: number
  /**
   * A file over 5 MB: 'refuse' stops reading at its 5 MB + 1st byte (413); 'report' reads on, drops the
   * file and lists it in `oversized`, so a page can show the form again with the user's text.
   */
  oversizedFiles?: 'refuse' | 'report'
}

export type MultipartFormResult = { ok: true; form: MultipartForm } | { ok: false; error: UploadError }

/**
 * For page actions: the parsed form (files over 5 MB dropped and reported), or the UploadError to show
 * in the page. A form without files may also come URL-encoded.
 */
export async function readMultipartFormOrError(
  request: Request,
  options: MultipartFormOptions = {},
): Promise<MultipartFormResult> {
  try {
    return { ok: true, form: await parseMultipartForm(request, { oversizedFiles: 'report', ...options }, { urlEncoded: true }) }
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, error }
    throw error
  }
}

/**
 * For API routes: the parsed form; a refused upload (a file over 5 MB included, as soon as it is seen)
 * is thrown as its JSON error Response (400, 413, 415).
 */
export async function readMultipartForm(request: Request, options: MultipartFormOptions = {}): Promise<MultipartForm> {
  try {
    return await parseMultipartForm(request, { oversizedFiles: 'refuse', ...options }, { urlEncoded: false })
  } catch (error) {
    if (error instanceof UploadError) throw jsonError(error.status, error.message)
    throw error
  }
}

async function parseMultipartForm(
  request: Request,
  { maxFiles = 10, oversizedFiles = 'refuse' }: MultipartFormOptions,
  accept: { urlEncoded: boolean },
): Promise<MultipartForm> {
  const contentType = request.headers.get('content-type') ?? ''
  const acceptable =
    /^multipart\/form-data\s*(;|$)/i.test(contentType) ||
    (accept.urlEncoded && /^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType))
  if (!acceptable) throw new UploadError(415, uploadMessages.notMultipart)
  const report = oversizedFiles === 'report'
  const oversized: MultipartForm['oversized'] = {}
  let parsed: FormData
  try {
    parsed = await parseFormData(
      request,
      {
        maxFiles,
        maxFileSize: report ? maxUploadBytes : maxImageBytes,
        maxTotalSize: report ? maxUploadBytes : Math.min(maxFiles * maxImageBytes + 1024 * 1024, maxUploadBytes),
        maxParts: 200,
        maxHeaderSize: 8 * 1024,
      },
      (file) => {
        if (file.size <= maxImageBytes) return file
        ;(oversized[file.fieldName] ??= []).push(file.name)
        return null
      },
    )
  } catch (error) {
    throw toUploadError(error, maxFiles)
  }
  const form: MultipartForm = { fields: new FormData(), files: {}, formData: new FormData(), oversized }
  for (const [name, value] of parsed) {
    if (containsNul([name, typeof value === 'string' ? value : value.name])) throw new UploadError(400, uploadMessages.malformed)
    if (typeof value === 'string') {
      form.fields.append(name, value)
    } else {
      if (value.size === 0) continue // a file input left empty still sends an empty part
      ;(form.files[name] ??= []).push(value)
    }
    form.formData.append(name, value)
  }
  return form
}

/** A text part (a part without a file name is a field) whose bytes are not UTF-8: the parser's TextDecoder throws. */
const isUndecodableText = (error: unknown) => error instanceof TypeError && (error as { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA'

function toUploadError(error: unknown, maxFiles: number) {
  const options = { cause: error }
  if (error instanceof MaxFileSizeExceededError) return new UploadError(413, uploadMessages.tooLarge, options)
  if (error instanceof MaxTotalSizeExceededError) return new UploadError(413, uploadMessages.uploadTooLarge, options)
  if (error instanceof MaxFilesExceededError) return new UploadError(400, uploadMessages.tooManyFiles(maxFiles), options)
  if (error instanceof MaxPartsExceededError) return new UploadError(400, uploadMessages.tooManyParts, options)
  if (error instanceof MaxHeaderSizeExceededError) return new UploadError(400, uploadMessages.malformed, options)
  if (error instanceof FormDataParseError || error instanceof MultipartParseError || isUndecodableText(error)) {
    return new UploadError(400, uploadMessages.malformed, options)
  }
  return error
}

/**
 * Proves an uploaded file is a picture we accept and renders its WebP variants in memory, without
 * writing anything. Throws UploadError: 413 over 5 MB, 415 'Please upload an image file' when sharp
 * cannot decode it (whatever its name or MIME type says; a HEIC photo says so), 413 beyond the pixel limit.
 */
export async function validateImageUpload(file: Blob): Promise<ImageVariants> {
  if (file.size > maxImageBytes) throw new UploadError(413, uploadMessages.tooLarge)
  const bytes = new Uint8Array(await file.arrayBuffer())
  try {
    return await renderImageVariants(bytes)
  } catch (error) {
    const options = { cause: error }
    if (error instanceof UnsupportedImageError) throw new UploadError(415, isHeic(bytes) ? uploadMessages.heic : uploadMessages.notAnImage, options)
    if (error instanceof ImageTooLargeError) throw new UploadError(413, uploadMessages.tooManyPixels, options)
    throw error
  }
}

/** What `screenImageUploads` found: the pictures (rendered in memory, by file name) and the files refused, with why. */
export type ScreenedUploads = { accepted: { name: string; variants: ImageVariants }[]; refused: RefusedPhotos[] }

/**
 * Judges each file on its own (a page keeps the good ones of a selection and names the others):
 * `oversizedNames` are the files the parser already dropped for their size.
 */
export async function screenImageUploads(files: readonly File[], oversizedNames: readonly string[] = []): Promise<ScreenedUploads> {
  const screened: ScreenedUploads = { accepted: [], refused: [] }
  for (const name of oversizedNames) addRefusal(screened.refused, uploadMessages.tooLarge, name)
  for (const file of files) {
    try {
      screened.accepted.push({ name: file.name, variants: await validateImageUpload(file) })
    } catch (error) {
      if (!(error instanceof UploadError)) throw error
      addRefusal(screened.refused, error.message, file.name)
    }
  }
  return screened
}

/**
 * Validates every file before anything is stored, so a bad third file leaves nothing behind: the
 * pictures rendered in memory, in the order given, for storePublicImages. Throws UploadError.
 */
export async function validateImageUploads(files: readonly Blob[]): Promise<ImageVariants[]> {
  const rendered: ImageVariants[] = []
  for (const file of files) rendered.push(await validateImageUpload(file))
  return rendered
}

/** For API routes: an UploadError as its JSON error Response; anything else is rethrown. */
export function uploadErrorResponse(error: unknown): Response {
  if (error instanceof UploadError) return jsonError(error.status, error.message)
  throw error
}
