import { getZodConstraint } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, href, Link } from 'react-router'
import type { Route } from './+types/dogs-available-detail'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { formatAge } from '#app/features/dogs/age.ts'
import { getAvailableDog } from '#app/features/dogs/available-dogs.server.ts'
import { emojiForTrait } from '#app/features/dogs/options.ts'
import { formatMiles } from '#app/features/geo/distance.ts'
import { answerFor } from '#app/features/moderation/report-answers.ts'
import { submitReportForm } from '#app/features/moderation/report-form.server.ts'
import { openReportDays } from '#app/features/moderation/reports.server.ts'
import { ReportedNote } from '#app/features/moderation/components/reported-note.tsx'
import { NewReportSchema } from '#app/features/moderation/schema.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { retryAfterFromAction } from '#app/lib/rate-limit.server.ts'
import { EmptyState, LinkButton } from '#app/ui/data-states.tsx'
import { PawIcon, UserIcon } from '#app/ui/icons.tsx'
import { LinkTabs } from '#app/ui/link-tabs.tsx'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /dogs/available/{id}: one dog listed for sitting, as a sitter sees it (spec section 2, 'Available dog
// detail'). Tabs are links (?tab=), so they work without JavaScript. Anything the viewer may not see
// (unknown, unlisted, their own dog, a suspended owner's, a viewer who is no sitter) is 'Dog not found'.
// A sitter may report the listing to the admins (issue 30): the Report form posts here.

const tabLabels = { details: 'Details', personality: 'Personality', availability: 'Availability' } as const
type Tab = keyof typeof tabLabels
const tabs = Object.keys(tabLabels) as Tab[]

// Shown to signed-in visitors only: its script loads only where shown (app/ui/shown-later.tsx).
const ReportForm = shownLater(() => import('#app/features/moderation/components/report-form.tsx').then((m) => m.ReportForm))

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const dog = await getAvailableDog(user, params.id)
  if (!dog) return data({ dog: null, tab: 'details' }, { status: 404 })
  const asked = url.searchParams.get('tab')
  const tab = tabs.find((candidate) => candidate === asked) ?? 'details'
  const reported = await openReportDays(user.id, 'dog', [dog.id], user.timeZone)
  return {
    dog: {
      ...dog,
      ageLabel: formatAge(dog.ageMonths, dog.age),
      distance: dog.distanceMiles === null ? null : formatMiles(dog.distanceMiles),
    },
    tab,
    reportConstraint: getZodConstraint(NewReportSchema),
    reportedOn: reported[dog.id] ?? null,
  }
}

/** A report of this dog's listing (the page's Report form). */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const reportable = (kind: string, subjectId: string) => kind === 'dog' && subjectId === params.id
  return submitReportForm(user, await request.formData(), reportable, `${url.pathname}${url.search}`)
}

export const headers = retryAfterFromAction

type Dog = NonNullable<Route.ComponentProps['loaderData']['dog']>

export default function AvailableDogDetailRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.dog === null) return <DogNotFound />
  const { dog, tab, reportConstraint, reportedOn } = loaderData
  const photo = imageUrl(dog.images[0], 800)
  return (
    <Page width="regular" className="space-y-4">
      <Link to={href('/dogs/available')} className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
        Back to available dogs
      </Link>
      {photo ? (
        <img
          src={photo}
          alt={`Photo of ${dog.name}`}
          width={800}
          height={600}
          className="aspect-[4/3] max-h-photo w-full rounded-xl bg-stone-100 object-cover"
        />
      ) : (
        <div className="flex aspect-[4/3] max-h-photo w-full flex-col items-center justify-center gap-2 rounded-xl bg-stone-100 text-stone-600">
          <PawIcon className="size-12" />
          <p>No image available</p>
        </div>
      )}
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold">
            <bdi>{dog.name}</bdi>
          </h1>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">{dog.ageLabel}</span>
        </div>
        <p className="text-stone-700">{dog.breed}</p>
        {dog.distance === null ? null : <p className="text-sm text-stone-600">{dog.distance} miles away</p>}
      </header>
      <div className="flex gap-2">
        <Link
          to={`${href('/bookings/new')}?${new URLSearchParams({ dogId: dog.id })}`}
          className="inline-flex flex-1 items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800"
        >
          Book a Walk
        </Link>
        <Link
          to={href('/messages/:userId', { userId: dog.owner.id })}
          className="inline-flex flex-1 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium text-stone-900 hover:bg-stone-100"
        >
          Contact Owner
        </Link>
      </div>
      <LinkTabs
        label="Dog sections"
        tabs={tabs.map((value) => ({ value, label: tabLabels[value] }))}
        current={tab}
        hrefFor={(value) => `?tab=${value}`}
        replace
      />
      <section aria-label={tabLabels[tab]} className="rounded-xl border border-stone-200 bg-white p-4">
        {tab === 'details' ? <DetailsTab dog={dog} /> : null}
        {tab === 'personality' ? <PersonalityTab dog={dog} /> : null}
        {tab === 'availability' ? <AvailabilityTab dog={dog} /> : null}
      </section>
      {/* The page shows no dog to its owner (getAvailableDog): whoever sees it may report it. */}
      {reportedOn ? (
        <ReportedNote kind="dog" day={reportedOn} />
      ) : (
        <ReportForm kind="dog" subjectId={dog.id} label="Report this dog listing" answer={answerFor(actionData?.report, 'dog', dog.id)} constraint={reportConstraint} />
      )}
    </Page>
  )
}

function DetailsTab({ dog }: { dog: Dog }) {
  const ownerPhoto = imageUrl(dog.owner.profilePhoto, 320)
  return (
    <div className="space-y-4">
      <div>
        <h2 className="font-semibold">
          About <bdi>{dog.name}</bdi>
        </h2>
        <p className="mt-1 whitespace-pre-line text-stone-700">{dog.bio ? <bdi>{dog.bio}</bdi> : 'Not specified'}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3">
        <Detail label="Weight">{dog.weightKg === null ? 'Not specified' : `${dog.weightKg} kg`}</Detail>
        <Detail label="Height">{dog.height || 'Not specified'}</Detail>
        <Detail label="Owner">
          <span className="flex items-center gap-2">
            {ownerPhoto ? (
              <img src={ownerPhoto} alt="" width={32} height={32} className="size-8 rounded-full object-cover" />
            ) : (
              <span className="flex size-8 items-center justify-center rounded-full bg-stone-200 text-stone-500">
                <UserIcon className="size-5" />
              </span>
            )}
            <bdi>{dog.owner.name}</bdi>
          </span>
        </Detail>
      </dl>
    </div>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900">{children}</dd>
    </div>
  )
}

function PersonalityTab({ dog }: { dog: Dog }) {
  return (
    <div className="space-y-4">
      <div>
        <h2 className="font-semibold">Personality</h2>
        {dog.personality.length === 0 ? (
          <p className="mt-1 text-stone-600">No personality traits specified</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {dog.personality.map((trait) => (
              <li key={trait} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
                <span aria-hidden>{emojiForTrait(trait)}</span> {trait}
              </li>
            ))}
          </ul>
        )}
      </div>
      {dog.activities.length > 0 ? (
        <div>
          <h2 className="font-semibold">Favorite Activities</h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {dog.activities.map((activity) => (
              <li key={activity} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-800">
                {activity}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function AvailabilityTab({ dog }: { dog: Dog }) {
  return (
    <div>
      <h2 className="font-semibold">Availability</h2>
      {dog.availability.length === 0 ? (
        <p className="mt-1 text-stone-600">No availability specified</p>
      ) : (
        <ul className="mt-2 space-y-1">
          {dog.availability.map((slot) => (
            <li key={slot} className="text-stone-800">
              {slot}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function DogNotFound() {
  return (
    <Page width="narrow">
      <EmptyState
        title="Dog not found"
        description="The dog you're looking for doesn't exist or is no longer available for sitting."
        action={<LinkButton to={href('/dogs/available')}>Back to available dogs</LinkButton>}
      />
    </Page>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.dog ? `${loaderData.dog.name} | Pawpal` : 'Dog not found | Pawpal' },
]
