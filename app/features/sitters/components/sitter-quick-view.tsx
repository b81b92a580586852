import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { href, Link } from 'react-router'
import { dollarsToCents } from '#app/lib/money.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { CloseIcon, VerifiedIcon } from '#app/ui/icons.tsx'
import { formatMiles } from '#app/features/geo/distance.ts'
import type { MapSitter } from '../map-sitter.ts'
import { experienceLabels, serviceLabels } from '../options.ts'
import type { PublicSitter, toPublicSitterJson } from '../public-sitter.server.ts'
import type { SitterFacts } from '../sitter-facts.ts'
import { formatCompletedBookings, formatReplyTime } from '../sitter-format.ts'
import { formatRate, formatRateIn } from '../rates.ts'
import { SitterRating } from './sitter-rating.tsx'

// The sitter quick view of the map screen (spec section 2): the sitter the user tapped, with Contact,
// View Full Profile and Book. What the map already knows shows at once; the rest comes from
// GET /api/users/{id}, and when that fails the card says 'Could not load sitter profile' and offers the
// full profile instead. Under 768 px it is the bottom card (the list pane is hidden meanwhile); wider,
// it floats over the map. Book turns the card into the 3-step booking wizard (without JavaScript, before the
// page is ready, the same Book is a link to the wizard's first page). The wizard is bookings', passed in by
// the map screen as `booking` (sitters sits below bookings).

/** Book on the quick view: the wizard's first page (without JavaScript) and the wizard itself in the card. */
export type QuickViewBooking = { href: string; wizard: (onClose: () => void) => ReactNode }

type SitterProfile = ReturnType<typeof toPublicSitterJson<PublicSitter & SitterFacts>>

type ProfileState = { status: 'loading' } | { status: 'ready'; profile: SitterProfile } | { status: 'failed' }

export function SitterQuickView({
  sitter,
  isSelf,
  onClose,
  booking: book,
}: {
  sitter: MapSitter
  isSelf: boolean
  onClose: () => void
  booking: QuickViewBooking
}) {
  const headingId = useId()
  const card = useRef<HTMLElement>(null)
  const profile = useSitterProfile(sitter.id)
  const profilePath = href('/sitters/:id', { id: sitter.id })
  const [booking, setBooking] = useState<string | null>(null)

  // The card takes the focus when it opens (and when another sitter is chosen); Escape closes it.
  useEffect(() => {
    card.current?.focus({ preventScroll: true })
  }, [sitter.id])
  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [onClose])

  return (
    <section
      ref={card}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="pointer-events-auto max-h-full min-h-0 overflow-y-auto rounded-t-2xl border border-stone-200 bg-white p-4 shadow-xl outline-none md:rounded-2xl"
    >
      {booking === sitter.id ? (
        book.wizard(() => setBooking(null))
      ) : (
        <>
      <div className="flex items-start gap-3">
        <Avatar photo={sitter.profilePhoto} name={sitter.name} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="flex items-center gap-1.5 text-lg leading-tight font-semibold text-stone-900">
            <bdi className="truncate">{sitter.name}</bdi>
            {sitter.verified ? (
              <span className="inline-flex shrink-0 items-center text-brand-700">
                <VerifiedIcon className="size-5" />
                <span className="sr-only">Verified</span>
              </span>
            ) : null}
          </h2>
          <p className="truncate text-sm text-stone-600">
            {sitter.location ?? 'Location not specified'}
            {sitter.distanceMiles == null ? null : <> · {formatMiles(sitter.distanceMiles)} miles away</>}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-600">
            <SitterRating rating={sitter.rating} reviewCount={sitter.reviewCount} />
            {sitter.rateCents === null || sitter.rateUnit === null ? null : <span>from {formatRateIn(sitter.rateUnit, sitter.rateCents)}</span>}
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="tap-target -mt-2 -mr-2 flex shrink-0 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
        >
          <CloseIcon />
        </button>
      </div>

      <div className="mt-3 border-t border-stone-100 pt-3" aria-live="polite">
        {profile.status === 'loading' ? <DetailsSkeleton /> : null}
        {profile.status === 'failed' ? (
          <div role="alert" className="space-y-3">
            <p className="font-medium text-red-700">Could not load sitter profile</p>
            <Link to={profilePath} className="tap-target inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
              Try Full Profile
            </Link>
          </div>
        ) : null}
        {profile.status === 'ready' ? <Details profile={profile.profile} /> : null}
      </div>

      {profile.status === 'failed' ? null : (
        <div className="mt-3 grid grid-cols-2 gap-2">
          {isSelf ? (
            <p className="col-span-2 text-sm text-stone-600">This is you: others see your profile like this.</p>
          ) : (
            <>
              <ActionLink
                to={book.href}
                primary
                onClick={(event) => {
                  event.preventDefault()
                  setBooking(sitter.id)
                }}
              >
                Book
              </ActionLink>
              <ActionLink to={`${href('/messages')}?${new URLSearchParams({ userId: sitter.id })}`}>Contact</ActionLink>
            </>
          )}
          {/* The spec calls it View Profile on the phone's bottom card and View Full Profile in the dialog. */}
          <ActionLink to={profilePath} className="col-span-2">
            <span>
              View <span className="max-md:hidden">Full </span>Profile
            </span>
          </ActionLink>
        </div>
      )}
        </>
      )}
    </section>
  )
}

function ActionLink({
  to,
  primary = false,
  className = '',
  onClick,
  children,
}: {
  to: string
  primary?: boolean
  className?: string
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void
  children: ReactNode
}) {
  const look = primary ? 'bg-brand-700 text-white hover:bg-brand-800' : 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100'
  return (
    <Link to={to} onClick={onClick} className={`tap-target inline-flex items-center justify-center rounded-lg px-3 text-center font-medium ${look} ${className}`}>
      {children}
    </Link>
  )
}

function Details({ profile }: { profile: SitterProfile }) {
  const facts = [
    experienceLabels[profile.experience] ? `${experienceLabels[profile.experience]} of experience` : null,
    profile.medianReplyMinutes === null ? null : formatReplyTime(profile.medianReplyMinutes),
    profile.completedBookings > 0 ? formatCompletedBookings(profile.completedBookings) : null,
  ].filter((fact): fact is string => fact !== null)
  return (
    <div className="space-y-2 text-sm text-stone-700">
      {profile.bio ? <p className="line-clamp-2 md:line-clamp-3">{profile.bio}</p> : null}
      {facts.length > 0 ? <p className="text-stone-600">{facts.join(' · ')}</p> : null}
      {profile.services.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Services">
          {profile.services.map((service) => {
            const rate = profile.rates[service]
            return (
              <li key={service} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-stone-800">
                {serviceLabels[service] ?? service}
                {rate == null ? null : <span className="text-stone-600"> · {formatRate(service, dollarsToCents(rate))}</span>}
              </li>
            )
          })}
        </ul>
      ) : null}
    </div>
  )
}

function DetailsSkeleton() {
  return (
    <div className="animate-pulse space-y-2" aria-hidden>
      <div className="h-3.5 w-full rounded bg-stone-200" />
      <div className="h-3.5 w-4/5 rounded bg-stone-200" />
      <div className="flex gap-1.5 pt-1">
        <div className="h-5 w-24 rounded-full bg-stone-200" />
        <div className="h-5 w-28 rounded-full bg-stone-200" />
      </div>
      <span className="sr-only">Loading profile…</span>
    </div>
  )
}

/** GET /api/users/{id}: the sitter's public profile, loaded again for each sitter chosen. */
function useSitterProfile(sitterId: string): ProfileState {
  const [state, setState] = useState<{ sitterId: string; result: ProfileState }>({ sitterId, result: { status: 'loading' } })
  useEffect(() => {
    const request = new AbortController()
    fetch(href('/api/users/:id', { id: sitterId }), { signal: request.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        const body: unknown = response.ok ? await response.json() : null
        if (request.signal.aborted) return
        const profile = isSitterProfile(body) ? body : null
        setState({ sitterId, result: profile ? { status: 'ready', profile } : { status: 'failed' } })
      })
      .catch(() => {
        if (!request.signal.aborted) setState({ sitterId, result: { status: 'failed' } })
      })
    return () => request.abort()
  }, [sitterId])
  // Until this sitter's answer arrives, whatever is stored belongs to the one chosen before.
  return state.sitterId === sitterId ? state.result : { status: 'loading' }
}

function isSitterProfile(body: unknown): body is SitterProfile {
  if (typeof body !== 'object' || body === null) return false
  const { id, services, rates } = body as Partial<SitterProfile>
  return typeof id === 'string' && Array.isArray(services) && typeof rates === 'object' && rates !== null
}
