import { createHash } from 'node:crypto'
import type { Transaction } from 'kysely'
import sharp, { type Sharp, type SharpOptions } from 'sharp'
import { db, type Database, serializeOn } from './db.server.ts'
import { isImageNamed } from './image-references.server.ts'
import { type ImageKind, imageKinds, imageSizes, type ImageSize, thumbnailSize } from './image-url.ts'
import { storage } from './storage/storage.server.ts'
import { StoredFileExistsError } from './storage/file-storage.ts'

// DESIGN.md: every uploaded picture is decoded by sharp (proof that it is an image), turned upright by
// its EXIF orientation, stripped of all metadata (EXIF with GPS, ICC, XMP, comments) and stored as
// WebP at each size of image-url.ts. A stored image is its base path, `/uploads/<kind>/<ownerKey>/<name>`.
// Public images (profile photos, dog photos, gallery photos) are named by their content (decision 077):
// the same picture in one owner's folder is one file that several rows may name, so its files go only
// when no row names it any more. Private visit photos keep random names, one row each.

/** Where a private image goes: a visit's photos, served only through the app's authorization. */
export type ImageTarget = { kind: 'visits'; ownerKey: string }

/** Where a public image goes: its folder, `/uploads/<kind>/<ownerKey>/`. */
export type PublicImageTarget = { kind: Exclude<ImageKind, 'visits'>; ownerKey: string }

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

/** The brands of an ISO-BMFF file that hold HEVC pictures: what phones save as HEIC (decision 117). */
const hevcBrands = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'])

/**
 * Whether the bytes are a HEIC photo, read from the file's `ftyp` box (size, 'ftyp', the major brand, a minor
 * version, then compatible brands): sharp cannot decode one, and the person should hear why.
 */
export function isHeic(bytes: Uint8Array) {
  if (bytes.length < 16) return false
  const brandAt = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4))
  if (brandAt(4) !== 'ftyp') return false
  const boxEnd = Math.min(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0), bytes.length, 256)
  for (let offset = 8; offset + 4 <= boxEnd; offset += 4) {
    if (offset !== 12 && hevcBrands.has(brandAt(offset))) return true
  }
  return false
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
    const files = await Promise.all(imageSizes.map(async (size) => ({ size, data: await encodeVariant(image, size) })))
    return { files }
  } catch (error) {
    if (error instanceof UnsupportedImageError) throw error
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ImageTooLargeError({ cause: error })
    throw new UnsupportedImageError('The file could not be decoded as an image', { cause: error })
  }
}

/** One size of a decoded picture, as every stored size is encoded: at most `size` pixels on its longer side. */
function encodeVariant(image: Sharp, size: ImageSize) {
  return image.clone().resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()
}

/**
 * The thumbnail of an image stored before thumbnails existed (decision 094), made from its stored 320 px file
 * (the original is not kept). Throws UnsupportedImageError when that file does not decode.
 */
export async function renderThumbnailFrom(stored320: Uint8Array) {
  try {
    return await encodeVariant(sharp(stored320, decodeOptions), thumbnailSize)
  } catch (error) {
    throw new UnsupportedImageError('The stored file could not be decoded as an image', { cause: error })
  }
}

/** Writes a private picture's variants under a random name as `<kind>/<ownerKey>/<uuid>-<size>.webp`; returns the base path. */
export async function saveImageVariants(variants: ImageVariants, target: ImageTarget): Promise<string> {
  const basePath = `${folderOf(target)}/${crypto.randomUUID()}`
  try {
    await Promise.all(variants.files.map(({ size, data }) => storage.put(variantKey(basePath, size), data, 'image/webp')))
  } catch (error) {
    await removeVariantFiles(basePath)
    throw error
  }
  return basePath
}

/** Length of a public image's name: 24 hex digits, the first 96 bits of the SHA-256 of its files. */
const contentNameLength = 24

/**
 * The base path a public picture is stored under: `/uploads/<kind>/<ownerKey>/<name>`, where the name is
 * the SHA-256 of its WebP files, smallest first (the bytes served, so the same URL always means the same bytes).
 */
export function publicImagePath(variants: ImageVariants, target: PublicImageTarget): string {
  const hash = createHash('sha256')
  for (const size of imageSizes) hash.update(variantOf(variants, size))
  return `${folderOf(target)}/${hash.digest('hex').slice(0, contentNameLength)}`
}

/**
 * Inside the transaction that names them in a row: stores the pictures under their content names (a file
 * already there is this picture) and answers their base paths. Each image's lock is held to the commit,
 * so a deleteImage of the same picture cannot remove its files between this write and the row.
 */
export async function storePublicImages(
  trx: Transaction<Database>,
  pictures: readonly ImageVariants[],
  target: PublicImageTarget,
): Promise<string[]> {
  const paths = pictures.map((variants) => publicImagePath(variants, target))
  await lockImages(trx, paths)
  for (const [index, variants] of pictures.entries()) {
    await Promise.all(
      variants.files.map(({ size, data }) =>
        storage.put(variantKey(paths[index] ?? '', size), data, 'image/webp').catch((error: unknown) => {
          if (!(error instanceof StoredFileExistsError)) throw error
        }),
      ),
    )
  }
  return paths
}

/** Serializes the transactions that store or delete these images (a no-op on SQLite, whose writes are serial). */
export function lockImages(trx: Transaction<Database>, paths: readonly string[]) {
  return serializeOn(
    trx,
    paths.map((path) => `stored-image:${path}`),
  )
}

/**
 * Removes the variant files of a stored image once no row names it (a public image may be named by
 * several: decision 077). Returns false for paths that are not ours (null, external URLs); throws for an
 * `/uploads/` path that is not a stored image's. Missing files are not an error.
 */
export async function deleteImage(basePath: string | null | undefined): Promise<boolean> {
  if (!basePath?.startsWith('/uploads/')) return false
  variantKey(basePath, imageSizes[0])
  if (basePath.startsWith('/uploads/visits/')) {
    await removeVariantFiles(basePath)
    return true
  }
  await db.transaction().execute(async (trx) => {
    await lockImages(trx, [basePath])
    if (!(await isImageNamed(trx, basePath))) await removeVariantFiles(basePath)
  })
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

function folderOf({ kind, ownerKey }: ImageTarget | PublicImageTarget) {
  if (!imageKinds.includes(kind)) throw new Error(`Unknown image kind: ${String(kind)}`)
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(ownerKey)) throw new Error(`Invalid image owner key: ${ownerKey}`)
  return `/uploads/${kind}/${ownerKey}`
}

function variantOf(variants: ImageVariants, size: ImageSize) {
  const file = variants.files.find((candidate) => candidate.size === size)
  if (!file) throw new Error(`No ${size} variant`)
  return file.data
}

async function removeVariantFiles(basePath: string) {
  await Promise.all(imageSizes.map((size) => storage.delete(variantKey(basePath, size))))
}
