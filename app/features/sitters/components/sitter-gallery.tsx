import { imageSrcSet, imageUrl } from '#app/lib/image-url.ts'

// The sitter's own photos (issue 9; DESIGN.md ruling 16: at most 6), as a strip that scrolls and snaps
// sideways with a finger or a trackpad, with or without JavaScript. Each photo opens at full size.
// A sitter without photos has no gallery: the profile leaves it out.

export function SitterGallery({ name, photos }: { name: string; photos: readonly string[] }) {
  if (photos.length === 0) return null
  return (
    <section aria-label={`Photos from ${name}`}>
      <ul className="-mx-4 flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth px-4 pb-2 md:mx-0 md:px-0">
        {photos.map((photo, index) => (
          <li key={photo} className="w-4/5 max-w-sm shrink-0 snap-start sm:w-1/2 md:w-[calc((100%-1.5rem)/3)]">
            <a href={imageUrl(photo, 800)} className="block overflow-hidden rounded-xl focus-visible:ring-2 focus-visible:ring-brand-600">
              <img
                src={imageUrl(photo, 800)}
                srcSet={imageSrcSet(photo) ?? undefined}
                sizes="(min-width: 768px) 240px, 80vw"
                alt={`${name}, photo ${index + 1} of ${photos.length}`}
                width={800}
                height={600}
                loading={index < 2 ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : undefined}
                decoding="async"
                className="aspect-[4/3] w-full bg-stone-100 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
