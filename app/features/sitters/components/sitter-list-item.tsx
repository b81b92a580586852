import { memo } from 'react'
import { href, Link } from 'react-router'
import { formatMiles } from '#app/features/geo/distance.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { type ExperienceLevel, experienceLabels } from '../options.ts'
import { formatRateIn, type RateUnit } from '../rates.ts'
import { SitterRating } from './sitter-rating.tsx'

// One sitter in a list (spec section 3, 'Sitter list item'; issue 9): the /sitters list and the map's
// list pane. Everything it shows is real: the lowest of the sitter's own rates in its unit, the rating computed
// from reviews ('New sitter' without any), the district (never the address). The whole card is the
// link to the profile, a target far larger than 44 px. An item whose sitter shows the same as before is
// not rendered again: a list that reloads mostly holds the same sitters.

/** What one list item shows. The sitter search's items (searchSitters) have every field. */
export type SitterSummary = {
  id: string
  name: string
  /** The stored base path of the profile photo; its 320 px WebP is shown. */
  profilePhoto: string | null
  /** District-level location text. */
  location: string | null
  experience: ExperienceLevel
  /** The 'from' rate (rates.ts startingRate), in cents, and its unit; null when no service has a rate. */
  rateCents: number | null
  rateUnit: RateUnit | null
  /** Mean stars to one decimal; null without reviews. */
  rating: number | null
  reviewCount: number
  /** Miles from the point the visitor searched from; null (or absent) when they did not. */
  distanceMiles?: number | null
}

/** Only the fields a list item shows (loader data stays small; nothing else of the sitter goes to the page). */
export function toSitterSummary(sitter: SitterSummary): SitterSummary {
  const { id, name, profilePhoto, location, experience, rateCents, rateUnit, rating, reviewCount, distanceMiles = null } = sitter
  return { id, name, profilePhoto, location, experience, rateCents, rateUnit, rating, reviewCount, distanceMiles }
}

type SitterListItemProps = {
  sitter: SitterSummary
  /** A plain link, without the app's own navigation and prefetching: for a list whose taps do something else. */
  plainLink?: boolean
  /** Its photo loads at once: the list's first items (see Avatar). */
  eager?: boolean
}

export const SitterListItem = memo(function SitterListItem({ sitter, plainLink = false, eager = false }: SitterListItemProps) {
  const profilePath = href('/sitters/:id', { id: sitter.id })
  const className =
    'flex min-h-24 gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none'
  const content = (
    <>
      <Avatar photo={sitter.profilePhoto} name={sitter.name} size="lg" eager={eager} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <h3 className="truncate text-lg leading-tight font-semibold text-stone-900">
            <bdi>{sitter.name}</bdi>
          </h3>
          {sitter.rateCents === null || sitter.rateUnit === null ? (
            <span className="shrink-0 text-sm text-stone-500">No rate set</span>
          ) : (
            <span className="shrink-0 text-right leading-tight">
              <span className="block text-xs text-stone-500">from</span>
              <span className="font-semibold text-brand-800">{formatRateIn(sitter.rateUnit, sitter.rateCents)}</span>
            </span>
          )}
        </div>
        <p className={`truncate text-sm ${sitter.location ? 'text-stone-700' : 'text-stone-500 italic'}`}>
          {sitter.location || 'Location not specified'}
          {sitter.distanceMiles == null ? null : <span className="text-stone-500 not-italic"> · {formatMiles(sitter.distanceMiles)} miles away</span>}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
          <SitterRating rating={sitter.rating} reviewCount={sitter.reviewCount} />
          <span>{experienceLabels[sitter.experience]} experience</span>
        </p>
      </div>
    </>
  )
  return plainLink ? (
    <a href={profilePath} className={className}>
      {content}
    </a>
  ) : (
    <Link to={profilePath} prefetch="intent" className={className}>
      {content}
    </Link>
  )
}, showsTheSame)

function showsTheSame(before: SitterListItemProps, after: SitterListItemProps) {
  const fields = Object.keys(toSitterSummary(before.sitter)) as (keyof SitterSummary)[]
  return before.plainLink === after.plainLink && fields.every((field) => (before.sitter[field] ?? null) === (after.sitter[field] ?? null))
}
