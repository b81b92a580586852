import { imageUrl } from '#app/lib/image-url.ts'

const sizes = {
  /** 48 px: list rows, reviews. */
  small: 'size-12 text-lg',
  /** 64 px: sitter list items. */
  medium: 'size-16 text-2xl',
  /** 96 px: profile headers. */
  large: 'size-24 text-4xl',
} as const

/** A person's round photo (its 320 px WebP), or the first letter of their name when they have none. */
export function Avatar({ photo, name, size }: { photo: string | null; name: string; size: keyof typeof sizes }) {
  const source = imageUrl(photo, 320)
  const box = `${sizes[size]} shrink-0 rounded-full`
  if (source) return <img src={source} alt="" width={320} height={320} loading="lazy" decoding="async" className={`${box} object-cover`} />
  return (
    <span aria-hidden className={`${box} flex items-center justify-center bg-brand-100 font-bold text-brand-800`}>
      {(name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  )
}
