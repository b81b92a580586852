import { imageUrl } from '#app/lib/image-url.ts'
import { PawIcon, UserIcon } from './icons.tsx'

/** A round photo of a person or a dog, or the default avatar when there is none. */
export function Avatar({
  photo,
  kind,
  size = 'md',
  alt = '',
}: {
  photo: string | null | undefined
  kind: 'person' | 'dog'
  size?: 'sm' | 'md' | 'lg'
  alt?: string
}) {
  const box = { sm: 'size-8', md: 'size-12', lg: 'size-16' }[size]
  const src = imageUrl(photo, 320)
  if (src) return <img src={src} alt={alt} width={64} height={64} loading="lazy" className={`${box} shrink-0 rounded-full bg-stone-100 object-cover`} />
  const Icon = kind === 'dog' ? PawIcon : UserIcon
  return (
    <span role={alt ? 'img' : undefined} aria-label={alt || undefined} className={`${box} flex shrink-0 items-center justify-center rounded-full bg-stone-200 text-stone-500`}>
      <Icon className="size-1/2" />
    </span>
  )
}
