import type { ReactNode } from 'react'
import { data, href, isRouteErrorResponse, Link } from 'react-router'
import type { Route } from './+types/dog-detail'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { formatAge } from '#app/features/dogs/age.ts'
import { photoIndexFromParam } from '#app/features/dogs/carousel.ts'
import { DogCarousel } from '#app/features/dogs/components/dog-carousel.tsx'
import { DogNotFound } from '#app/features/dogs/components/dog-not-found.tsx'
import { GoBackLink } from '#app/ui/go-back-link.tsx'
import { OwnerAndSitterNotice, showsOwnerAndSitterNotice } from '#app/features/dogs/components/owner-and-sitter-notice.tsx'
import { getOwnedDog } from '#app/features/dogs/dogs.server.ts'
import { dogSizeLabels, emojiForTrait } from '#app/features/dogs/options.ts'
import { maxDogImages } from '#app/features/dogs/schema.ts'
import { ErrorState } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /dogs/{id} (spec section 2, Dog detail): the owner's view of one dog. Anyone else, and unknown ids,
// get 'Dog not found' with status 404. `?photo=N` picks the carousel photo without JavaScript.

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const dog = await getOwnedDog(user.id, params.id)
  if (!dog) throw data(null, { status: 404 })
  // Spec: only the first 3 images are displayed.
  const images = dog.images.slice(0, maxDogImages)
  return {
    dog: {
      id: dog.id,
      name: dog.name,
      breed: dog.breed,
      age: formatAge(dog.ageMonths, dog.age),
      weightKg: dog.weightKg,
      height: dog.height,
      bio: dog.bio,
      size: dog.size,
      listedForSitting: dog.listedForSitting,
      images,
      personality: dog.personality,
      activities: dog.activities,
      availability: dog.availability,
    },
    photoIndex: photoIndexFromParam(url.searchParams.get('photo'), images.length),
    becameOwnerAndSitter: showsOwnerAndSitterNotice(url, user.role),
  }
}

const notSpecified = 'Not specified'

export default function DogDetailRoute({ loaderData }: Route.ComponentProps) {
  const { dog, photoIndex, becameOwnerAndSitter } = loaderData
  return (
    <Page width="regular" className="space-y-5">
      {/* On phones the photos run edge to edge, from the top of the screen. */}
      <div className="relative -mx-4 -mt-6 sm:mx-0 sm:mt-0">
        <DogCarousel key={`${dog.id}-${photoIndex}`} pathname={href('/dogs/:id', { id: dog.id })} name={dog.name} images={dog.images} initialIndex={photoIndex} />
        <GoBackLink
          fallback={`${href('/profile')}?tab=dogs`}
          label="Back"
          className="absolute top-3 left-3 flex size-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow hover:bg-white"
        >
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden className="size-5">
            <path d="M19 12H5M12 19l-7-7 7-7" />
          </svg>
        </GoBackLink>
      </div>

      <div className="space-y-5">
        <header className="flex items-start justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">
              <bdi>{dog.name}</bdi>
            </h1>
            <p className="text-stone-600">
              {dog.breed} · {dog.age}
            </p>
            {dog.listedForSitting ? (
              <p className="mt-1 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">Listed for sitting</p>
            ) : null}
          </div>
          <Link
            to={href('/dogs/:id/edit', { id: dog.id })}
            className="tap-target flex shrink-0 items-center rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm font-medium hover:bg-stone-100"
          >
            Edit
          </Link>
        </header>
        {becameOwnerAndSitter ? <OwnerAndSitterNotice dogName={dog.name} /> : null}

        <Link
          to={`${href('/bookings/new')}?${new URLSearchParams({ dogId: dog.id })}`}
          className="block rounded-lg bg-brand-700 px-4 py-3 text-center font-medium text-white hover:bg-brand-800"
        >
          Book Walk
        </Link>

        <Card
          title={
            <>
              About <bdi>{dog.name}</bdi>
            </>
          }
        >
          <p className={dog.bio ? 'whitespace-pre-line text-stone-700' : 'text-stone-500 italic'}>{dog.bio ? <bdi>{dog.bio}</bdi> : 'No bio provided'}</p>
        </Card>

        <Card title="Details">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
            <Detail label="Age" value={dog.age} />
            <Detail label="Weight" value={dog.weightKg === null ? null : `${dog.weightKg} kg`} />
            <Detail label="Height" value={dog.height} />
            <Detail label="Breed" value={dog.breed} />
            <Detail label="Size" value={dog.size ? dogSizeLabels[dog.size] : null} />
          </dl>
        </Card>

        <Card title="Personality">
          <Tags items={dog.personality.map((trait) => ({ label: trait, emoji: emojiForTrait(trait) }))} empty="No personality traits specified" />
        </Card>
        <Card title="Favorite Activities">
          <Tags items={dog.activities.map((activity) => ({ label: activity }))} empty="No activities specified" />
        </Card>
        <Card title="Availability">
          <Tags items={dog.availability.map((slot) => ({ label: slot }))} empty="No availability specified" />
        </Card>
      </div>
    </Page>
  )
}

function Card({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className={value ? 'font-medium' : 'text-stone-500'}>{value || notSpecified}</dd>
    </div>
  )
}

function Tags({ items, empty }: { items: { label: string; emoji?: string }[]; empty: string }) {
  if (items.length === 0) return <p className="text-stone-500">{empty}</p>
  return (
    <ul className="flex flex-wrap gap-2">
      {items.map(({ label, emoji }) => (
        <li key={label} className="flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
          {emoji ? <span aria-hidden>{emoji}</span> : null}
          {label}
        </li>
      ))}
    </ul>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.dog.name} | Pawpal` : 'Dog not found | Pawpal' },
]

const loadFailedToast = {
  type: 'error',
  title: 'Error loading dog details',
  description: 'There was a problem loading the dog information.',
} as const

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <DogNotFound />
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <Page width="narrow" toast={loadFailedToast}>
      <ErrorState title={loadFailedToast.title} message={loadFailedToast.description} />
    </Page>
  )
}
