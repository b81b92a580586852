import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp, { type SharpOptions } from 'sharp'
import { env } from './env.server.ts'
import { type ImageKind, imageKinds, imageSizes, type ImageSize } from './image-url.ts'

// DESIGN.md: every uploaded picture is decoded by sharp (proof that it is an image), turned upright by
// its EXIF orientation, stripped of all metadata (EXIF with GPS, ICC, XMP, comments) and stored as
// WebP at each size of image-url.ts. A stored image is its base path, `/uploads/<kind>/<ownerKey>/<uuid>`.

export type ImageTarget = { kind: ImageKind; ownerKey: string }

/** Decompression-bomb guard: larger pictures are refused before they are decoded (48 MP phone photos pass). */
export const maxImagePixels = 50_000_000

/** What we accept. AVIF reports itself as heif; HEIC decodes only where libvips has an HEVC decoder. */
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'heif'])

const decodeOptions = {
  failOn: 'error', // truncated or corrupt pixel data aborts (warnings alone do not: many phone JPEGs have them)
  limitInputPixels: maxImagePixels,
  autoOrient: true,
  pages: 1, // an animated GIF or WebP becomes its first frame
} as const satisfies SharpOptions

/** The bytes are not a picture we can decode (whatever the file's name or MIME type claims). */
export class UnsupportedImageError extends Error {
  constructor(message = 'Not a supported image', options?: ErrorOptions) {
    super(message, options)
    this.name = 'UnsupportedImageError'
  }
}

/** The picture declares more pixels than maxImagePixels. */
export class ImageTooLargeError extends Error {
  constructor(options?: ErrorOptions) {
    super(`Image has more than ${maxImagePixels / 1_000_000} megapixels`, options)
    this.name = 'ImageTooLargeError'
  }
}

/** The encoded WebP files of one picture, in memory: nothing is on disk until saveImageVariants. */
export type ImageVariants = { readonly files: readonly { size: ImageSize; data: Buffer }[] }

/** Decodes, checks and encodes a picture; throws UnsupportedImageError or ImageTooLargeError. */
export async function renderImageVariants(bytes: Uint8Array): Promise<ImageVariants> {
  try {
    const image = sharp(bytes, decodeOptions)
    const { format } = await image.metadata()
    if (!acceptedFormats.has(format)) throw new UnsupportedImageError(`The format ${format} is not accepted`)
    const files = await Promise.all(
      imageSizes.map(async (size) => ({
        size,
        data: await image
          .clone()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    )
    return { files }
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw error
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageTooLargeError({ cause: error })
    throw new UnsupportedImageError('The file could not be decoded as an image', { cause: error })
  }
}

/** Writes the variants under a random name in `<UPLOAD_DIR>/<kind>/<ownerKey>/` and returns the base path. */
export async function saveImageVariants(variants: ImageVariants, { kind, ownerKey }: ImageTarget): Promise<string> {
  if (!imageKinds.includes(kind)) throw new Error(`Unknown image kind: ${String(kind)}`)
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(ownerKey)) throw new Error(`Invalid image owner key: ${ownerKey}`)
  const directory = path.join(uploadRoot(), kind, ownerKey)
  const name = crypto.randomUUID()
  await mkdir(directory, { recursive: true })
  const base = path.join(directory, name)
  try {
    await Promise.all(variants.files.map(({ size, data }) => writeFile(`${base}-${size}.webp`, data, { flag: 'wx' })))
  } catch (error) {
    await removeVariantFiles(base)
    throw error
  }
  return `/uploads/${kind}/${ownerKey}/${name}`
}

/**
 * Stores an uploaded picture as WebP variants and returns its base path (`/uploads/<kind>/<ownerKey>/<uuid>`).
 * Throws UnsupportedImageError or ImageTooLargeError, in which case nothing was written.
 */
export async function processImage(bytes: Uint8Array, target: ImageTarget): Promise<string> {
  return saveImageVariants(await renderImageVariants(bytes), target)
}

/**
 * Removes the variant files of a stored image. Returns false for paths that are not ours (null, external
 * URLs); throws for an `/uploads/` path that would leave UPLOAD_DIR. Missing files are not an error.
 */
export async function deleteImage(basePath: string | null | undefined): Promise<boolean> {
  if (!basePath?.startsWith('/uploads/')) return false
  await removeVariantFiles(resolveStoredImage(basePath))
  return true
}

/** The file-system base of a stored image path, checked to stay inside UPLOAD_DIR. */
export function resolveStoredImage(basePath: string) {
  const relative = basePath.slice('/uploads/'.length)
  const segments = relative.split('/')
  const valid =
    imageKinds.includes(segments[0] as ImageKind) &&
    segments.length >= 2 &&
    segments.every((segment) => /^[A-Za-z0-9_-]+$/.test(segment))
  const root = uploadRoot()
  const resolved = path.resolve(root, ...segments)
  if (!valid || !resolved.startsWith(root + path.sep)) throw new Error(`Not a stored image path: ${basePath}`)
  return resolved
}

async function removeVariantFiles(base: string) {
  await Promise.all(imageSizes.map((size) => rm(`${base}-${size}.webp`, { force: true })))
}

function uploadRoot() {
  return path.resolve(env.UPLOAD_DIR)
}
