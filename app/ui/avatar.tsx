import { imageUrl } from '#app/lib/image-url.ts'
import { PawIcon, UserIcon } from './icons.tsx'

// The one round photo of a person or a dog: its 320 px WebP, or without a photo the first letter of the
// name when one is given, else a neutral figure (a person, or a paw for a dog). Decorative unless `alt`
// says otherwise: a name is shown beside it.

const sizes = {
  /** 32 px: inside a line of text. */
  sm: 'size-8 text-sm',
  /** 48 px: list rows, reviews, conversations. */
  md: 'size-12 text-lg',
  /** 64 px: list items, request headers, the chat partner. */
  lg: 'size-16 text-2xl',
  /** 96 px: profile headers. */
  xl: 'size-24 text-4xl',
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
  const box = `${sizes[size]} shrink-0 rounded-full`
  const src = imageUrl(photo, 320)
  if (src) return <img src={src} alt={alt} width={320} height={320} loading={eager ? 'eager' : 'lazy'} decoding="async" className={`${box} bg-stone-100 object-cover`} />
  const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true }
  const initial = name?.trim().charAt(0).toUpperCase()
  if (initial) {
    return (
      <span {...label} className={`${box} flex items-center justify-center bg-brand-100 font-bold text-brand-800`}>
        {initial}
      </span>
    )
  }
  const Icon = kind === 'dog' ? PawIcon : UserIcon
  return (
    <span {...label} className={`${box} flex items-center justify-center bg-stone-200 text-stone-500`}>
      <Icon className="size-1/2" />
    </span>
  )
}
