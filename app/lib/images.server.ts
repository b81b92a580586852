import sharp, { type SharpOptions } from 'sharp'
import { type ImageKind, imageKinds, imageSizes, type ImageSize } from './image-url.ts'
import { storage } from './storage/storage.server.ts'

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

/** The encoded WebP files of one picture, in memory: nothing is stored until saveImageVariants. */
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

/** Writes the variants under a random name as `<kind>/<ownerKey>/<uuid>-<size>.webp` in the storage; returns the base path. */
export async function saveImageVariants(variants: ImageVariants, { kind, ownerKey }: ImageTarget): Promise<string> {
  if (!imageKinds.includes(kind)) throw new Error(`Unknown image kind: ${String(kind)}`)
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(ownerKey)) throw new Error(`Invalid image owner key: ${ownerKey}`)
  const basePath = `/uploads/${kind}/${ownerKey}/${crypto.randomUUID()}`
  try {
    await Promise.all(variants.files.map(({ size, data }) => storage.put(variantKey(basePath, size), data, 'image/webp')))
  } catch (error) {
    await removeVariantFiles(basePath)
    throw error
  }
  return basePath
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
 * URLs); throws for an `/uploads/` path that is not a stored image's. Missing files are not an error.
 */
export async function deleteImage(basePath: string | null | undefined): Promise<boolean> {
  if (!basePath?.startsWith('/uploads/')) return false
  await removeVariantFiles(basePath)
  return true
}

/** The storage key of one size of the stored image `basePath` (`avatars/<owner>/<uuid>-800.webp`); throws for other paths. */
export function variantKey(basePath: string, size: ImageSize) {
  const segments = basePath.slice('/uploads/'.length).split('/')
  const valid =
    basePath.startsWith('/uploads/') &&
    imageKinds.includes(segments[0] as ImageKind) &&
    segments.length >= 2 &&
    segments.every((segment) => /^[A-Za-z0-9_-]+$/.test(segment))
  if (!valid) throw new Error(`Not a stored image path: ${basePath}`)
  return `${segments.join('/')}-${size}.webp`
}

async function removeVariantFiles(basePath: string) {
  await Promise.all(imageSizes.map((size) => storage.delete(variantKey(basePath, size))))
}
