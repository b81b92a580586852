import type { VisitLogJson } from '../visit-log.server.ts'

/** The visit's photos as thumbnails, each opening its larger size (private to the booking's two parties). */
export function VisitPhotos({ photos, timeOf }: { photos: VisitLogJson['photos']; timeOf: (iso: string) => string }) {
  if (photos.length === 0) return null
  return (
    <ul aria-label="Photos" className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {photos.map((photo) => (
        <li key={photo.id}>
          <a href={photo.url} className="block overflow-hidden rounded-lg bg-stone-100">
            <img
              src={photo.thumbnailUrl}
              srcSet={`${photo.thumbnailUrl} 320w, ${photo.url} 800w`}
              sizes="(min-width: 640px) 150px, 30vw"
              width={320}
              height={320}
              loading="lazy"
              alt={`Photo taken at ${timeOf(photo.at)}`}
              className="aspect-square w-full object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  )
}
