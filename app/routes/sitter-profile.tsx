import { getZodConstraint } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, href, isRouteErrorResponse, Link } from 'react-router'
import type { Route } from './+types/sitter-profile'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { hasRole, takesPartInBookings } from '#app/features/accounts/roles.ts'
import { dogAgeGroupLabels, dogSizeLabels } from '#app/features/dogs/options.ts'
import { answerFor } from '#app/features/moderation/report-answers.ts'
import { submitReportForm } from '#app/features/moderation/report-form.server.ts'
import { openReportDays } from '#app/features/moderation/reports.server.ts'
import { ReportedNote } from '#app/features/moderation/components/reported-note.tsx'
import { NewReportSchema } from '#app/features/moderation/schema.ts'
import { getPublicSitterProfile } from '#app/features/profiles/public-sitter-profile.server.ts'
import { reviewPageSize } from '#app/features/reviews/review-page-schema.ts'
import { findReportableReview, type SitterReview } from '#app/features/reviews/reviews.server.ts'
import { BookWithCard } from '#app/features/sitters/components/book-with-card.tsx'
import { SitterGallery } from '#app/features/sitters/components/sitter-gallery.tsx'
import { SitterRating } from '#app/features/sitters/components/sitter-rating.tsx'
import { type ShownReview, SitterReviews } from '#app/features/sitters/components/sitter-reviews.tsx'
import { WeeklyAvailability } from '#app/features/availability/components/weekly-availability.tsx'
import { weeklyAvailabilityGrid } from '#app/features/availability/availability-grid.ts'
import { experienceLabels, serviceLabels } from '#app/features/sitters/options.ts'
import { listPublicSitterReviews } from '#app/features/sitters/public-sitter.server.ts'
import { formatExtraDogRate, formatRate } from '#app/features/sitters/rates.ts'
import { findSitterReliability } from '#app/features/visits/reliability.server.ts'
import { pageParameter } from '#app/lib/paging.ts'
import { localDateOf } from '#app/lib/zoned-time.ts'
import { retryAfterFromAction } from '#app/lib/rate-limit.server.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { ErrorState } from '#app/ui/data-states.tsx'
import { GoBackLink } from '#app/ui/go-back-link.tsx'
import { PawIcon, VerifiedIcon } from '#app/ui/icons.tsx'
import { LinkTabs } from '#app/ui/link-tabs.tsx'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /sitters/{id} (spec section 2, 'Sitter profile'; issue 9): what anyone may see of an active sitter
// (profiles/public-sitter-profile.server.ts: never the e-mail, phone, address or exact point). Tabs About / Services /
// Reviews are links (?tab=), reviews are paged with links (?tab=reviews&page=N), so all of it works
// without JavaScript. Anonymous visitors share one render per URL (decisions 018, 022).
// Signed-in visitors may report the profile (not their own) and each review (not one they wrote) to the
// admins (issue 30): the Report forms post here.

export const handle = { publicCache: true }

const tabLabels = { about: 'About', services: 'Services', reviews: 'Reviews' } as const
type Tab = keyof typeof tabLabels
const tabs = Object.keys(tabLabels) as Tab[]

// Shown to signed-in visitors only: its script loads only where shown (app/ui/shown-later.tsx).
const ReportForm = shownLater(() => import('#app/features/moderation/components/report-form.tsx').then((m) => m.ReportForm))

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const found = await getPublicSitterProfile(params.id)
  if (!found) throw data(null, { status: 404 })
  const viewer = getOptionalUser(context)
  const tab = tabs.find((candidate) => candidate === url.searchParams.get('tab')) ?? 'about'
  const reviewPage = pageParameter.catch(1).parse(url.searchParams.get('page') ?? undefined)
  const [reviews, reliability] = await Promise.all([
    tab === 'reviews' ? listPublicSitterReviews(found.id, { page: reviewPage, limit: reviewPageSize }) : null,
    findSitterReliability(found.id),
  ])
  return {
    // Only what the page shows: no public point, no account fields.
    sitter: {
      id: found.id,
      name: found.name,
      profilePhoto: found.profilePhoto,
      bio: found.bio,
      location: found.location,
      verified: found.verified,
      experience: found.experience,
      acceptsMultipleDogs: found.acceptsMultipleDogs,
      hasHomeVisit: found.hasHomeVisit,
      canHostOvernight: found.canHostOvernight,
      isBackgroundChecked: found.isBackgroundChecked,
      services: found.services,
      dogSizes: found.dogSizes,
      dogAges: found.dogAges,
      preferredDogBreeds: found.preferredDogBreeds,
      photos: found.photos,
      rateCents: found.rateCents,
      rateUnit: found.rateUnit,
      rating: found.rating,
      reviewCount: found.reviewCount,
      medianReplyMinutes: found.medianReplyMinutes,
      completedBookings: found.completedBookings,
      reliability,
      lateCancellations: found.lateCancellations,
      cancellationTerms: found.cancellationTerms,
      memberSince: localDateOf(found.memberSince),
      availabilityGrid: weeklyAvailabilityGrid(found.availability),
    },
    tab,
    reviews: reviews && { reviews: reviews.reviews.map(shownReview), page: reviewPage, totalPages: Math.ceil(reviews.total / reviewPageSize) },
    ownProfile: viewer?.id === found.id,
    consoleHref: viewer && hasRole(viewer, 'admin') ? href('/admin/users/:id', { id: found.id }) : null,
    // What the viewer may report: nothing for a visitor (the shared render) or an admin (staff, who act in the
    // console), never their own profile or review.
    report: viewer && takesPartInBookings(viewer.role) ? await reportFormsFor(viewer, found.id, reviews?.reviews ?? []) : null,
  }
}

/**
 * A review with its days read here, so the browser need not read the zone (an Intl object while the page hydrates,
 * decision 122).
 */
function shownReview({ createdAt, reply, ...review }: SitterReview): ShownReview {
  return { ...review, createdOn: localDateOf(createdAt), reply: reply && { comment: reply.comment, createdOn: localDateOf(reply.createdAt) } }
}

/**
 * What the viewer may report (never their own profile or review) and the day of each report of theirs still open
 * here, which the page shows instead of that Report form.
 */
async function reportFormsFor(viewer: SessionUser, sitterId: string, reviews: SitterReview[]) {
  const reviewIds = await reviewsNotBy(viewer, sitterId, reviews)
  const profile = viewer.id !== sitterId
  const [reportedProfile, reportedReviews] = await Promise.all([
    openReportDays(viewer.id, 'sitter', profile ? [sitterId] : [], viewer.timeZone),
    openReportDays(viewer.id, 'review', reviewIds, viewer.timeZone),
  ])
  return { profile, reviewIds, constraint: getZodConstraint(NewReportSchema), reportedOn: { ...reportedProfile, ...reportedReviews } }
}

/** The ids of the reviews shown that the viewer did not write (the sitter wrote none of their own). */
async function reviewsNotBy(viewer: SessionUser, sitterId: string, reviews: SitterReview[]) {
  if (viewer.id === sitterId) return reviews.map((review) => review.id)
  const found = await Promise.all(reviews.map((review) => findReportableReview(review.id)))
  return found.flatMap((review) => (review && review.ownerId !== viewer.id ? [review.id] : []))
}

/** A report of this profile or of a review on it (the page's Report forms). */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  const reportable = (kind: string, subjectId: string) => kind === 'review' || (kind === 'sitter' && subjectId === params.id)
  return submitReportForm(user, await request.formData(), reportable, `${url.pathname}${url.search}`)
}

export const headers = retryAfterFromAction

type Sitter = Route.ComponentProps['loaderData']['sitter']

export default function SitterProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { sitter, tab, reviews, ownProfile, consoleHref, report } = loaderData
  const profileReportedOn = report?.reportedOn[sitter.id]
  const profilePath = href('/sitters/:id', { id: sitter.id })
  const tabHref = (value: Tab) => `${profilePath}${value === 'about' ? '' : `?tab=${value}`}#profile-tabs`
  return (
    <Page width="wide">
      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_20rem] md:items-start">
        <div className="space-y-5 md:col-start-1">
          <GoBackLink fallback={href('/sitters')} className="tap-target -my-2 inline-flex items-center gap-1 font-medium text-brand-700">
            <span aria-hidden>←</span> Back to sitters
          </GoBackLink>
          <ProfileHeader sitter={sitter} />
          <SitterGallery name={sitter.name} photos={sitter.photos} />
        </div>
        <aside className="md:sticky md:top-6 md:col-start-2 md:row-span-2 md:row-start-1">
          <BookWithCard
            sitter={sitter}
            bookHref={`${profilePath}/book`}
            weeklyHref={`${href('/bookings/series/new')}?${new URLSearchParams({ sitter: sitter.id })}`}
            contactHref={`${href('/messages')}?${new URLSearchParams({ userId: sitter.id })}`}
            ownProfile={ownProfile}
            consoleHref={consoleHref}
          />
        </aside>
        <div id="profile-tabs" className="scroll-mt-4 space-y-4 md:col-start-1">
          <LinkTabs label="Profile sections" tabs={tabs.map((value) => ({ value, label: tabLabels[value] }))} current={tab} hrefFor={tabHref} replace />
          <div className="rounded-2xl bg-white p-5 shadow-sm">
            {tab === 'about' ? <AboutTab sitter={sitter} /> : null}
            {tab === 'services' ? <ServicesTab sitter={sitter} /> : null}
            {tab === 'reviews' && reviews ? (
              <SitterReviews
                sitterName={sitter.name}
                reviews={reviews}
                hrefFor={(page) => `${profilePath}?tab=reviews${page > 1 ? `&page=${page}` : ''}#profile-tabs`}
                reviewAction={(reviewId) =>
                  report?.reviewIds.includes(reviewId) ? (
                    report.reportedOn[reviewId] ? (
                      <ReportedNote kind="review" day={report.reportedOn[reviewId]} />
                    ) : (
                      <ReportForm kind="review" subjectId={reviewId} label="Report review" answer={answerFor(actionData?.report, 'review', reviewId)} constraint={report.constraint} />
                    )
                  ) : null
                }
              />
            ) : null}
          </div>
          {report?.profile ? (
            profileReportedOn ? (
              <ReportedNote kind="sitter" day={profileReportedOn} />
            ) : (
              <ReportForm kind="sitter" subjectId={sitter.id} label="Report this profile" answer={answerFor(actionData?.report, 'sitter', sitter.id)} constraint={report.constraint} />
            )
          ) : null}
        </div>
      </div>
    </Page>
  )
}

function ProfileHeader({ sitter }: { sitter: Sitter }) {
  return (
    <header className="flex items-center gap-4">
      <Avatar photo={sitter.profilePhoto} name={sitter.name} size="xl" eager />
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-2xl font-bold md:text-3xl">
            <bdi>{sitter.name}</bdi>
          </h1>
          {sitter.verified ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-medium text-brand-800">
              <VerifiedIcon className="size-4 text-brand-600" />
              Verified
            </span>
          ) : null}
        </div>
        <p className={sitter.location ? 'text-stone-700' : 'text-stone-500 italic'}>{sitter.location || 'Location not specified'}</p>
        <SitterRating rating={sitter.rating} reviewCount={sitter.reviewCount} />
      </div>
    </header>
  )
}

function AboutTab({ sitter }: { sitter: Sitter }) {
  return (
    <div className="space-y-6">
      <Section
        title={
          <>
            About <bdi>{sitter.name}</bdi>
          </>
        }
      >
        <p className={sitter.bio ? 'whitespace-pre-line text-stone-800' : 'text-stone-500 italic'}>{sitter.bio ? <bdi>{sitter.bio}</bdi> : 'No bio provided.'}</p>
      </Section>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact label="Experience" value={experienceLabels[sitter.experience]} />
        <Fact label="Accepts multiple dogs" value={sitter.acceptsMultipleDogs ? 'Yes' : 'No'} />
        {sitter.isBackgroundChecked ? <Fact label="Background check" value="Passed" /> : null}
      </dl>
      <Section title="Weekly availability" id="availability">
        <WeeklyAvailability grid={sitter.availabilityGrid} />
      </Section>
    </div>
  )
}

function ServicesTab({ sitter }: { sitter: Sitter }) {
  const extras = [sitter.hasHomeVisit ? 'Home visits' : null, sitter.canHostOvernight ? 'Overnight hosting' : null].filter((extra) => extra !== null)
  return (
    <div className="space-y-6">
      <Section title="Services and rates">
        {sitter.services.length === 0 ? (
          <p className="text-stone-500 italic">No services listed yet.</p>
        ) : (
          <ul className="divide-y divide-stone-100">
            {sitter.services.map(({ service, hourlyRateCents, extraDogRateCents }) => (
              <li key={service} className="flex items-center justify-between gap-3 py-2.5">
                <span className="flex items-center gap-2 font-medium">
                  <PawIcon className="size-5 text-brand-600" />
                  {serviceLabels[service]}
                </span>
                <span className="text-right">
                  <span className={hourlyRateCents === null ? 'text-sm text-stone-500' : 'font-semibold text-brand-800'}>
                    {hourlyRateCents === null ? 'Rate on request' : formatRate(service, hourlyRateCents)}
                  </span>
                  {sitter.acceptsMultipleDogs && extraDogRateCents ? (
                    <span className="block text-sm text-stone-600">{formatExtraDogRate(service, extraDogRateCents)}</span>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {extras.length > 0 ? <Chips title="Also offers" values={extras} /> : null}
      <Chips title="Dog sizes" values={sitter.dogSizes.map((size) => dogSizeLabels[size])} empty="No sizes listed yet." />
      <Chips title="Dog ages" values={sitter.dogAges.map((age) => dogAgeGroupLabels[age])} empty="No ages listed yet." />
      {sitter.preferredDogBreeds.length > 0 ? <Chips title="Preferred breeds" values={sitter.preferredDogBreeds} /> : null}
    </div>
  )
}

// ---- small pieces ----

function Section({ title, id, children }: { title: ReactNode; id?: string; children: ReactNode }) {
  return (
    <section id={id} className="scroll-mt-4 space-y-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-stone-50 px-3 py-2">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="font-medium text-stone-900">{value}</dd>
    </div>
  )
}

function Chips({ title, values, empty }: { title: string; values: string[]; empty?: string }) {
  return (
    <Section title={title}>
      {values.length === 0 ? (
        <p className="text-stone-500 italic">{empty}</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {values.map((value) => (
            <li key={value} className="rounded-full bg-stone-100 px-3 py-1 text-sm text-stone-800">
              {value}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        { title: `${loaderData.sitter.name}, dog sitter | Pawpal` },
        { name: 'description', content: `${loaderData.sitter.name}'s services, rates, availability and reviews on Pawpal.` },
      ]
    : [{ title: 'Sitter not found | Pawpal' }]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page width="narrow" centered className="items-center gap-3 text-center">
        <PawIcon className="size-12 text-brand-600" />
        <h1 className="text-6xl font-bold text-stone-800">404</h1>
        <p className="text-lg text-stone-600">Sitter not found</p>
        <p className="text-stone-600">This sitter&apos;s profile does not exist or is no longer available.</p>
        <Link to={href('/sitters')} className="tap-target mt-2 inline-flex items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
          Browse sitters
        </Link>
      </Page>
    )
  }
  return (
    <Page width="wide">
      <ErrorState title="Could not load this sitter" status={isRouteErrorResponse(error) ? error.status : null} message="The profile could not be loaded. Please try again." />
    </Page>
  )
}
