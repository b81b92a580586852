import type { ReactNode } from 'react'
import { Form, href, Link } from 'react-router'
import { formatAge } from '#app/features/dogs/age.ts'
import type { Dog } from '#app/features/dogs/dog.ts'
import { dogAgeGroupLabels, dogSizeLabels } from '#app/features/dogs/options.ts'
import { weekdays } from '#app/features/availability/weekdays.ts'
import { experienceLabels, serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { SitterRating } from '#app/features/sitters/components/sitter-rating.tsx'
import type { SitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { formatExtraDogRate, formatRate } from '#app/features/sitters/rates.ts'
import { Button } from '#app/ui/button.tsx'
import { EmptyState, LinkButton } from '#app/ui/data-states.tsx'
import { PawIcon } from '#app/ui/icons.tsx'
import type { OwnProfile } from '../profile.server.ts'
import { isSitterRole, roleLabels } from '#app/features/accounts/roles.ts'

// The pieces of /profile (spec section 2, Profile): the header, then one of the three tabs.

// ---- header ----

export function ProfileHeader({ profile }: { profile: OwnProfile }) {
  const name = profile.name.trim() || 'User'
  const photo = imageUrl(profile.profilePhoto, 320)
  const active = profile.accountStatus === 'active'
  return (
    <header className="flex flex-col items-center gap-4 rounded-2xl bg-white p-5 text-center shadow-sm sm:flex-row sm:text-left">
      {photo ? (
        <img src={photo} alt="" width={96} height={96} className="size-24 shrink-0 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden
          className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-4xl font-bold text-brand-800"
        >
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-2xl font-bold">
          <bdi>{name}</bdi>
        </h1>
        <p className="mt-2 flex flex-wrap justify-center gap-2 sm:justify-start">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">{roleLabels[profile.role]}</span>
          <span
            className={`rounded-full px-2.5 py-0.5 text-sm font-medium ${
              active ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'
            }`}
          >
            {capitalise(profile.accountStatus)}
          </span>
        </p>
      </div>
      <div className="flex gap-2">
        <Link
          to={href('/profile/edit')}
          className="inline-flex items-center rounded-lg bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800"
        >
          Edit Profile
        </Link>
        <Form method="post" action={href('/logout')}>
          <Button type="submit" variant="secondary">
            Logout
          </Button>
        </Form>
      </div>
    </header>
  )
}

// ---- Profile tab ----

const notProvided = 'Not provided'

/** `memberSince`: 'November 21, 2026', read on the server. */
export function ProfileTab({ profile, memberSince }: { profile: OwnProfile; memberSince: string | null }) {
  const sitter = isSitterRole(profile.role) ? (profile.sitter ?? emptySitter) : null
  return (
    <div className="space-y-4">
      <Card title="Basic Information">
        <dl className="divide-y divide-stone-100">
          <Row label="Email" value={profile.email || notProvided} />
          <Row label="Phone" value={profile.phoneNumber || notProvided} />
          <Row label="Location" value={profile.location || notProvided} />
          <Row label="Member Since" value={memberSince ?? notProvided} />
        </dl>
      </Card>
      <Card title="About Me">
        <p className={profile.bio ? 'whitespace-pre-line text-stone-800' : 'text-stone-500 italic'}>
          {profile.bio ? <bdi>{profile.bio}</bdi> : 'No bio provided yet. Tell us about yourself!'}
        </p>
      </Card>
      {sitter ? <SitterSections sitter={sitter} /> : null}
    </div>
  )
}

/** What a sitter who has not filled in a sitter profile yet sees. */
type SitterSummary = Pick<
  SitterDetails,
  | 'acceptsMultipleDogs'
  | 'hasHomeVisit'
  | 'canHostOvernight'
  | 'dogSizes'
  | 'dogAges'
  | 'preferredDogBreeds'
  | 'isBackgroundChecked'
  | 'rating'
  | 'reviewCount'
> & { experience: SitterDetails['experience'] | null }

const emptySitter: SitterSummary = {
  experience: null,
  acceptsMultipleDogs: false,
  hasHomeVisit: false,
  canHostOvernight: false,
  dogSizes: [],
  dogAges: [],
  preferredDogBreeds: [],
  isBackgroundChecked: false,
  rating: null,
  reviewCount: 0,
}

function SitterSections({ sitter }: { sitter: SitterSummary }) {
  const available = (flag: boolean) => (flag ? 'Available' : 'Not available')
  const hasPreferences = sitter.dogSizes.length + sitter.dogAges.length + sitter.preferredDogBreeds.length > 0
  return (
    <>
      <Card title="Experience & Services">
        <dl className="divide-y divide-stone-100">
          <Row label="Experience" value={sitter.experience ? experienceLabels[sitter.experience] : notProvided} />
          <Row label="Multiple Dogs" value={available(sitter.acceptsMultipleDogs)} />
          <Row label="Home Visits" value={available(sitter.hasHomeVisit)} />
          <Row label="Overnight Hosting" value={available(sitter.canHostOvernight)} />
        </dl>
      </Card>
      <Card title="Dog Preferences">
        {hasPreferences ? (
          <dl className="divide-y divide-stone-100">
            {sitter.dogSizes.length > 0 ? (
              <ChipsRow label="Dog Sizes" values={sitter.dogSizes.map((size) => dogSizeLabels[size])} />
            ) : null}
            {sitter.dogAges.length > 0 ? (
              <ChipsRow label="Dog Ages" values={sitter.dogAges.map((age) => dogAgeGroupLabels[age])} />
            ) : null}
            {sitter.preferredDogBreeds.length > 0 ? <ChipsRow label="Preferred Breeds" values={sitter.preferredDogBreeds} /> : null}
          </dl>
        ) : (
          <p className="text-stone-500 italic">No dog preferences specified yet.</p>
        )}
      </Card>
      <Card title="Account Status">
        <dl className="divide-y divide-stone-100">
          <Row label="Background Check" value={sitter.isBackgroundChecked ? 'Verified' : 'Not Verified'} />
          <Row label="Rating" value={<SitterRating rating={sitter.rating} reviewCount={sitter.reviewCount} />} />
        </dl>
      </Card>
    </>
  )
}

// ---- My Dogs tab ----

export function DogsTab({ dogs }: { dogs: Dog[] }) {
  return (
    <TabSection id="dogs-heading" title="My Dogs" action={<LinkButton to={href('/dogs/add')}>Add Dog</LinkButton>}>
      {dogs.length === 0 ? (
        <EmptyState
          title="No Dogs Added Yet"
          description="Add your furry friends to get started!"
          action={<LinkButton to={href('/dogs/add')}>Add Your First Dog</LinkButton>}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {dogs.map((dog) => (
            <DogCard key={dog.id} dog={dog} />
          ))}
        </ul>
      )}
    </TabSection>
  )
}

function DogCard({ dog }: { dog: Dog }) {
  const photo = imageUrl(dog.images[0], 800)
  const facts = [
    dog.breed,
    dog.age ? formatAge(dog.ageMonths, dog.age) : null,
    dog.weightKg === null ? null : `${dog.weightKg} kg`,
  ].filter(Boolean)
  return (
    <li className="relative overflow-hidden rounded-2xl bg-white shadow-sm">
      <Link to={href('/dogs/:id', { id: dog.id })} className="block hover:bg-stone-50">
        {photo ? (
          <img src={photo} alt="" loading="lazy" className="h-[300px] w-full object-cover" />
        ) : (
          <div className="flex h-[300px] items-center justify-center bg-stone-100" aria-hidden>
            <PawIcon className="size-16 text-stone-300" />
          </div>
        )}
        <div className="space-y-2 p-4">
          <h3 className="text-lg font-semibold">
            <bdi>{dog.name}</bdi>
          </h3>
          <p className="text-sm text-stone-600">{facts.join(' · ')}</p>
          <p className={dog.bio ? 'line-clamp-3 text-stone-700' : 'text-stone-500 italic'}>{dog.bio ? <bdi>{dog.bio}</bdi> : 'No bio provided'}</p>
          {dog.activities.length > 0 ? (
            <ul aria-label="Activities" className="flex flex-wrap gap-1.5">
              {dog.activities.map((activity) => (
                <li key={activity} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
                  {activity}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </Link>
      <Link
        to={href('/dogs/:id/edit', { id: dog.id })}
        aria-label={`Edit ${dog.name}`}
        className="tap-target absolute top-3 right-3 flex items-center rounded-lg bg-white/95 px-3 py-1.5 text-sm font-medium text-stone-900 shadow hover:bg-white"
      >
        Edit
      </Link>
    </li>
  )
}

// ---- My Services tab ----

const serviceIcons: Record<SitterService, string> = {
  walking: '🦮',
  sitting: '🏠',
  boarding: '🛏️',
  daycare: '☀️',
  training: '🎓',
  grooming: '✂️',
}

export function ServicesTab({ sitter }: { sitter: OwnProfile['sitter'] }) {
  const services = sitter?.services ?? []
  const availability = sitter?.availability ?? []
  return (
    <TabSection id="services-heading" title="My Services" action={<LinkButton to={href('/profile/edit')}>Edit Services</LinkButton>}>
      {services.length === 0 ? (
        <EmptyState title="No Services Added Yet" description="Add your services to start receiving booking requests!" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {services.map(({ service, hourlyRateCents, extraDogRateCents }) => (
            <li key={service} className="flex items-center gap-3 rounded-2xl bg-white p-4 shadow-sm">
              <span aria-hidden className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-2xl">
                {serviceIcons[service]}
              </span>
              <div className="min-w-0 flex-1">
                <h3 className="font-semibold">{serviceLabels[service]}</h3>
                <p className="text-sm text-stone-600">Available for booking</p>
              </div>
              {hourlyRateCents === null ? null : (
                <p className="text-right font-semibold text-brand-800">
                  {formatRate(service, hourlyRateCents)}
                  {extraDogRateCents ? <span className="block text-sm font-normal text-stone-600">{formatExtraDogRate(service, extraDogRateCents)}</span> : null}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {availability.length > 0 ? (
        <Card title="Weekly Availability">
          <dl className="divide-y divide-stone-100">
            {weekdays
              .filter((day) => availability.some((range) => range.weekday === day.value))
              .map((day) => (
                <Row
                  key={day.value}
                  label={day.label}
                  value={availability
                    .filter((range) => range.weekday === day.value)
                    .map((range) => `${range.startTime}–${range.endTime}`)
                    .join(', ')}
                />
              ))}
          </dl>
        </Card>
      ) : null}
    </TabSection>
  )
}

// ---- small pieces ----

/** A tab's content under its heading, with the tab's one action beside it. */
function TabSection({ id, title, action, children }: { id: string; title: string; action: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900 sm:text-right">{value}</dd>
    </div>
  )
}

function ChipsRow({ label, values }: { label: string; values: string[] }) {
  return (
    <div className="py-2">
      <dt className="mb-1.5 text-sm text-stone-500">{label}</dt>
      <dd>
        <ul className="flex flex-wrap gap-1.5">
          {values.map((value) => (
            <li key={value} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-sm text-stone-800">
              {value}
            </li>
          ))}
        </ul>
      </dd>
    </div>
  )
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

