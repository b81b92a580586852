import { imageUrl, thumbnailSize } from '#app/lib/image-url.ts'

// The one round photo of a person or a dog: its 160 px WebP (320 px for the 96 px profile header, decision
// 094), or without a photo the first letter of the name when one is given, else a neutral figure (a person,
// or a paw for a dog). Decorative unless `alt` says otherwise: a name is shown beside it. Its look is the
// `avatar` classes of app.css (the figure is drawn there too): a list repeats it on every row.

const sizes = {
  /** 32 px: inside a line of text. */
  sm: 'avatar-sm',
  /** 48 px: list rows, reviews, conversations. */
  md: 'avatar-md',
  /** 64 px: list items, request headers, the chat partner. */
  lg: 'avatar-lg',
  /** 96 px: profile headers. */
  xl: 'avatar-xl',
} as const

export function Avatar({
  photo,
  name,
  kind = 'person',
  size = 'md',
  alt = '',
  eager = false,
}: {
  photo: string | null | undefined
  name?: string
  kind?: 'person' | 'dog'
  size?: keyof typeof sizes
  alt?: string
  /** In a list's first screen, where it can be the largest paint: loaded at once, not when laid out. */
  eager?: boolean
}) {
  const box = `avatar ${sizes[size]}`
  const pixels = size === 'xl' ? 320 : thumbnailSize
  const src = imageUrl(photo, pixels)
  if (src) return <img src={src} alt={alt} width={pixels} height={pixels} loading={eager ? 'eager' : 'lazy'} className={box} />
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true }
  const initial = name?.trim().charAt(0).toUpperCase()
  if (initial) {
    return (
      <span {...label} className={`${box} avatar-initial`}>
        {initial}
      </span>
    )
  }
  return <span {...label} className={`${box} ${kind === 'dog' ? 'avatar-dog' : 'avatar-person'}`} />
}
