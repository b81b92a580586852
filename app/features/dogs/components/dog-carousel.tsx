import { type MouseEvent, useState } from 'react'
import { Link } from 'react-router'
import { imageSrcSet, imageUrl } from '#app/lib/image-url.ts'
import { PawIcon } from '#app/ui/icons.tsx'
import { photoHref, wrapIndex } from '../carousel.ts'

/**
 * The dog's photos, one at a time, with previous/next (wrapping at both ends) and dots. The controls
 * are links to `?photo=N`, which the server renders without JavaScript; with it they switch in place.
 * Render it with `key={initialIndex}` so a navigation to another `?photo=N` starts from that photo.
 */
export function DogCarousel({ pathname, name, images, initialIndex }: { pathname: string; name: string; images: string[]; initialIndex: number }) {
  const [selected, setSelected] = useState(initialIndex)
  const index = wrapIndex(selected, images.length)

  const photo = images[index]
  if (!photo) {
    return (
      <div className="flex aspect-[4/3] max-h-photo w-full items-center justify-center bg-stone-100 sm:rounded-2xl" role="img" aria-label={`No photos of ${name} yet`}>
        <PawIcon className="size-16 text-stone-300" />
      </div>
    )
  }

  const count = images.length
  const previous = wrapIndex(index - 1, count)
  const next = wrapIndex(index + 1, count)
  const select = (target: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    setSelected(target)
  }
  const control =
    'absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow hover:bg-white'

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${name}`} className="relative overflow-hidden bg-stone-900 sm:rounded-2xl">
      <img
        key={photo}
        src={imageUrl(photo, 800)}
        srcSet={imageSrcSet(photo) ?? undefined}
        sizes="(min-width: 768px) 640px, 100vw"
        alt={`${name}, photo ${index + 1} of ${count}`}
        className="aspect-[4/3] max-h-photo w-full object-cover"
      />
      <p className="sr-only" aria-live="polite">
        Photo {index + 1} of {count}
      </p>
      {count > 1 ? (
        <>
          <Link to={photoHref(pathname, previous)} onClick={select(previous)} replace preventScrollReset aria-label="Previous photo" className={`${control} left-3`}>
            <Chevron direction="left" />
          </Link>
          <Link to={photoHref(pathname, next)} onClick={select(next)} replace preventScrollReset aria-label="Next photo" className={`${control} right-3`}>
            <Chevron direction="right" />
          </Link>
          <ol className="absolute inset-x-0 bottom-0 flex justify-center">
            {images.map((image, dot) => (
              <li key={image}>
                <Link
                  to={photoHref(pathname, dot)}
                  onClick={select(dot)}
                  replace
                  preventScrollReset
                  aria-label={`Show photo ${dot + 1}`}
                  aria-current={dot === index ? 'true' : undefined}
                  className="group tap-target flex items-center justify-center"
                >
                  {/* A small dot to see, a 44 px square to tap. */}
                  <span
                    className={`block h-2.5 rounded-full shadow ${dot === index ? 'w-6 bg-white' : 'w-2.5 bg-white/60 group-hover:bg-white/80'}`}
                  />
                </Link>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  )
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-5">
      <path d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  )
}
