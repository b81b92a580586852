import type { ReactNode } from 'react'
import { Form, href, Link, useLocation } from 'react-router'
import type { Route } from './+types/dogs-available'
import { requireRole, requireUser } from '#app/features/accounts/guards.server.ts'
import {
  activeFilterCount,
  ageFilterLabels,
  availableDogFiltersSearch,
  maxDistanceLimits,
  sizeFilterLabels,
} from '#app/features/dogs/available-filter-options.ts'
import { type AvailableDogFilters, readAvailableDogFilters } from '#app/features/dogs/available-filters.ts'
import { listAvailableDogCards, listOwnListedDogCards, toAvailableDogCard } from '#app/features/dogs/available-dogs.server.ts'
import { seesOwnListedDogs } from '#app/features/dogs/visibility.server.ts'
import { dogAgeGroups, dogSizes, emojiForTrait } from '#app/features/dogs/options.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { Button } from '#app/ui/button.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import { useFollowedLinks } from '#app/ui/followed-links.ts'
import { PawIcon } from '#app/ui/icons.tsx'
import { FilterActions, FilterCheckboxes, FilterSheet } from '#app/ui/filter-sheet.tsx'
import { SliderField } from '#app/ui/slider-field.tsx'
import { Page } from '#app/ui/page.tsx'

// /dogs/available: dogs listed for sitting, for sitters (spec section 2, 'Available dogs'). The search
// box and the filter sheet are one GET form, so every filtered list is a link and works without JS.

export async function loader({ context, url }: Route.LoaderArgs) {
  const signedIn = await requireUser({ context, url })
  if (seesOwnListedDogs(signedIn)) return { view: 'own' as const, dogs: (await listOwnListedDogCards(signedIn)).map(toAvailableDogCard) }
  const user = await requireRole({ context, url }, 'sitter')
  const filters = readAvailableDogFilters(url.searchParams)
  const { dogs, distanceFilterApplied } = await listAvailableDogCards(user, filters)
  return {
    view: 'sitter' as const,
    filters,
    filtersActive: activeFilterCount(filters) > 0,
    distanceFilterApplied,
    dogs: dogs.map(toAvailableDogCard),
  }
}

type DogCard = Route.ComponentProps['loaderData']['dogs'][number]

export default function AvailableDogsRoute({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation()
  if (loaderData.view === 'own') return <OwnListedDogs dogs={loaderData.dogs} />
  const { filters, filtersActive, distanceFilterApplied, dogs } = loaderData
  return (
    <Page width="wide" className="space-y-4">
      <h1 className="text-2xl font-bold">Dogs available for sitting</h1>
      {distanceFilterApplied ? null : (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <Link to={href('/profile/edit')} className="font-medium underline underline-offset-2">
            Set your location in your profile
          </Link>{' '}
          to see how far away dogs are.
        </p>
      )}
      {/* Remounted when the query changes, so the fields show the filters of the list below them. */}
      <FilterForm key={search} filters={filters} />
      {dogs.length === 0 ? (
        <EmptyState
          title="No dogs found"
          description={
            filtersActive ? 'Try adjusting your filters to see more results' : 'There are no dogs available for sitting at the moment'
          }
        />
      ) : (
        <>
          <p className="text-sm text-stone-600" aria-live="polite">
            {dogs.length === 1 ? '1 dog' : `${dogs.length} dogs`}
          </p>
          <DogCardList>
            {dogs.map((dog, index) => (
              <li key={dog.id}>
                <AvailableDogCard dog={dog} discover={index === 0} />
              </li>
            ))}
          </DogCardList>
        </>
      )}
    </Page>
  )
}

function FilterForm({ filters }: { filters: AvailableDogFilters }) {
  const activeCount = activeFilterCount(filters)
  return (
    <Form method="get" action={href('/dogs/available')} className="space-y-3">
      <div role="search" className="flex gap-2">
        <label htmlFor="available-dogs-search" className="sr-only">
          Search by name or breed
        </label>
        <input
          id="available-dogs-search"
          type="search"
          name="q"
          defaultValue={filters.q}
          maxLength={100}
          placeholder="Search by name or breed"
          className="tap-target min-w-0 flex-1 rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <Button type="submit">Search</Button>
      </div>
      <FilterSheet activeCount={activeCount} className="space-y-5">
        <SliderField
          id="available-dogs-max-distance"
          name="maxDistance"
          label="Max distance"
          unit="miles"
          min={maxDistanceLimits.min}
          max={maxDistanceLimits.max}
          step={maxDistanceLimits.step}
          defaultValue={filters.maxDistance}
        />
        <FilterCheckboxes legend="Size" name="size" options={dogSizes} labelOf={(size) => sizeFilterLabels[size]} checked={filters.size} />
        <FilterCheckboxes legend="Age" name="age" options={dogAgeGroups} labelOf={(age) => ageFilterLabels[age]} checked={filters.age} />
        {/* Back to the default filters; the search text stays. */}
        <FilterActions activeCount={activeCount} clear={{ label: 'Reset', to: `${href('/dogs/available')}${availableDogFiltersSearch({ q: filters.q })}` }} />
      </FilterSheet>
    </Form>
  )
}

/** What an owner finds here: their own dogs that sitters see on this page, each leading to the dog's own page. */
function OwnListedDogs({ dogs }: { dogs: DogCard[] }) {
  return (
    <Page width="wide" className="space-y-4">
      <h1 className="text-2xl font-bold">Your dogs listed for sitting</h1>
      <p className="text-stone-700">
        Sitters nearby find these dogs here and can offer a walk. To list a dog or take it off the list, switch 'Listed for sitting' on its edit page.
      </p>
      {dogs.length === 0 ? (
        <EmptyState title="None of your dogs is listed for sitting" description="List a dog from its edit page, and sitters nearby can find it here." />
      ) : (
        <DogCardList>
          {dogs.map((dog, index) => (
            <li key={dog.id}>
              <AvailableDogCard dog={dog} to={href('/dogs/:id', { id: dog.id })} discover={index === 0} />
            </li>
          ))}
        </DogCardList>
      )}
    </Page>
  )
}

/** The cards' list: their links are plain anchors that it follows with React Router (decision 090). */
function DogCardList({ children }: { children: ReactNode }) {
  const followLink = useFollowedLinks()
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" onClick={followLink}>
      {children}
    </ul>
  )
}

/** `discover`: the first card's link shows React Router the route every card leads to. Its look: `.dog-card` in app.css. */
function AvailableDogCard({ dog, to = href('/dogs/available/:id', { id: dog.id }), discover }: { dog: DogCard; to?: string; discover: boolean }) {
  const photo = imageUrl(dog.photo, 320)
  return (
    <a href={to} data-discover={discover ? 'true' : undefined} className="dog-card">
      {photo ? (
        <img src={photo} alt="" width={320} height={240} loading="lazy" />
      ) : (
        <div className="flex aspect-[4/3] w-full items-center justify-center bg-stone-100 text-stone-400">
          <PawIcon className="size-12" />
        </div>
      )}
      <div>
        <div>
          <h2>
            <bdi>{dog.name}</bdi>
          </h2>
          {dog.distance === null ? null : <span>{dog.distance} miles away</span>}
        </div>
        <p>{dog.breed}</p>
        <p>{[dog.age, dog.size ? sizeFilterLabels[dog.size] : null].filter(Boolean).join(' · ')}</p>
        <p>Owner: {dog.ownerName}</p>
        {dog.personality.length > 0 ? (
          <ul>
            {dog.personality.map((trait) => (
              <li key={trait}>
                <span aria-hidden>{emojiForTrait(trait)}</span> {trait}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </a>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Dogs available for sitting | Pawpal' }]
