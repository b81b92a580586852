import { imageUrl } from '#app/lib/image-url.ts'
import { UserIcon } from '#app/ui/icons.tsx'

const sizes = { small: 'size-10', large: 'size-16' } as const

/** A person's round photo, or a neutral figure without one. Decorative: the name is always beside it. */
export function Avatar({ photo, size = 'small' }: { photo: string | null; size?: keyof typeof sizes }) {
  const src = imageUrl(photo, 320)
  if (src) return <img src={src} alt="" width={64} height={64} className={`${sizes[size]} shrink-0 rounded-full bg-stone-100 object-cover`} />
  return (
    <span className={`${sizes[size]} flex shrink-0 items-center justify-center rounded-full bg-stone-200 text-stone-500`} aria-hidden>
      <UserIcon className="size-1/2" />
    </span>
  )
}
