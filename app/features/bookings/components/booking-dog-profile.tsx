import { formatAge } from '#app/features/dogs/age.ts'
import { dogSizeLabels, emojiForTrait } from '#app/features/dogs/options.ts'
import { imageSrcSet, imageUrl } from '#app/lib/image-url.ts'
import type { BookingJson } from '../booking-reads.server.ts'

// The dog's whole profile on a booking, for the sitter deciding whether to take it (and after).

type BookingDog = BookingJson['dog']

export function BookingDogProfile({ dog }: { dog: BookingDog }) {
  const facts = [
    { label: 'Age', value: formatAge(dog.ageMonths, dog.age) },
    { label: 'Weight', value: dog.weight === null ? null : `${dog.weight} kg` },
    { label: 'Height', value: dog.height },
    { label: 'Size', value: dog.size ? dogSizeLabels[dog.size] : null },
  ]
  return (
    <section aria-labelledby={`dog-profile-heading-${dog.id}`} className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={`dog-profile-heading-${dog.id}`} className="text-lg font-semibold">
        About <bdi>{dog.name}</bdi>
      </h2>
      {dog.images.length > 0 ? (
        <ul className="grid grid-cols-3 gap-2">
          {dog.images.map((image, index) => (
            <li key={image}>
              <img
                src={imageUrl(image, 320)}
                srcSet={imageSrcSet(image) ?? undefined}
                sizes="(min-width: 672px) 200px, 33vw"
                alt={`Photo ${index + 1} of ${dog.name}`}
                width={320}
                height={320}
                loading="lazy"
                className="aspect-square w-full rounded-lg bg-stone-100 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-stone-700">{dog.breed}</p>
      <p className={dog.bio ? 'whitespace-pre-line text-stone-700' : 'text-stone-500 italic'}>{dog.bio || 'No bio provided'}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        {facts.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-sm text-stone-500">{label}</dt>
            <dd className={value ? 'font-medium' : 'text-stone-500'}>{value || 'Not specified'}</dd>
          </div>
        ))}
      </dl>
      <TagList title="Personality" items={dog.personality.map((trait) => `${emojiForTrait(trait)} ${trait}`)} empty="No personality traits specified" />
      <TagList title="Favorite Activities" items={dog.activities} empty="No activities specified" />
      <TagList title="Availability" items={dog.availability} empty="No availability specified" />
    </section>
  )
}

function TagList({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium text-stone-500">{title}</h3>
      {items.length === 0 ? (
        <p className="text-stone-500">{empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {items.map((item) => (
            <li key={item} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
              {item}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
