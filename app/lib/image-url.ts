// Stored images are base paths without a suffix (`/uploads/dogs/<dogId>/<uuid>`); each has one WebP
// file per size beside it (`<base>-160.webp`, `<base>-320.webp`, `<base>-800.webp`). Safe to import in the browser.
export const imageSizes = [160, 320, 800] as const

/** The folders under /uploads: profile photos, dog photos, sitters' gallery photos, photos of a visit (private to its booking). */
export const imageKinds = ['avatars', 'dogs', 'gallery', 'visits'] as const
export type ImageKind = (typeof imageKinds)[number]

export type ImageSize = (typeof imageSizes)[number]

/**
 * For the small round photos (avatars up to 64 CSS pixels, the map's markers): 2.5 pixels to each CSS pixel
 * (decision 094). Images stored before it existed lack it until `npm run images:backfill` writes it; until
 * then its URL answers with their 320 px file.
 */
export const thumbnailSize: ImageSize = 160

/** The size a stored base path answers with when it is requested as it is (DESIGN.md ruling 16). */
export const defaultImageSize: ImageSize = 800

/** The URL of one size of a stored image; null when there is no image. Paths from elsewhere pass unchanged. */
export function imageUrl(basePath: string, size: ImageSize): string
export function imageUrl(basePath: string | null | undefined, size: ImageSize): string | null
export function imageUrl(basePath: string | null | undefined, size: ImageSize): string | null {
  if (!basePath) return null
  if (!basePath.startsWith('/uploads/')) return basePath
  return `${basePath}-${size}.webp`
}

/** A `srcset` listing every stored size, for `<img srcSet sizes>`; null when there is no image. */
export function imageSrcSet(basePath: string | null | undefined): string | null {
  if (!basePath) return null
  if (!basePath.startsWith('/uploads/')) return null
  return imageSizes.map((size) => `${imageUrl(basePath, size)} ${size}w`).join(', ')
}
