import type { ReactNode } from 'react'
import { href, Link } from 'react-router'
import { formatLongLocalDate } from '#app/lib/calendar-names.ts'
import { CalendarIcon, ChatIcon, ShieldIcon, UserIcon } from '#app/ui/icons.tsx'
import { type CancellationTerms, formatCancellationTerms, formatLateCancellations } from '../cancellation-terms.ts'
import { formatRateIn, type RateUnit } from '../rates.ts'
import { firstNameOf, formatCompletedBookings, formatReliability, formatReplyTime } from '../sitter-format.ts'

// The profile's 'Book with {first name}' card (spec section 2; DESIGN.md ruling 6): instead of the static
// claims, facts measured from data: the median time the sitter takes to answer a message, how many
// bookings they completed, how often they checked in on time (once a visit is logged) and cancelled late (once a
// booking was accepted), since when they are a member; then their cancellation terms (DESIGN.md ruling 28).

export type BookWithFacts = {
  name: string
  rateCents: number | null
  rateUnit: RateUnit | null
  medianReplyMinutes: number | null
  completedBookings: number
  /** From the visit logs, which the route reads (this feature does not know them); null before the first. */
  reliability: { onTime: number; visits: number } | null
  /** Of the bookings the sitter ever accepted, how many they cancelled late (counted by bookings, read by the route). */
  lateCancellations: { late: number; accepted: number }
  cancellationTerms: CancellationTerms
  /** The day the sitter joined (yyyy-MM-dd), read in the default zone on the server (decision 122). */
  memberSince: string
}

export function BookWithCard({
  sitter,
  bookHref,
  weeklyHref,
  contactHref,
  ownProfile,
  consoleHref = null,
}: {
  sitter: BookWithFacts
  bookHref: string
  /** The weekly request form: the same care every week. */
  weeklyHref: string
  contactHref: string
  /** The sitter looking at their own profile: no booking themself, a way to edit it instead. */
  ownProfile: boolean
  /** An admin looking: no booking (a staff account, decision 102), the sitter's page in the console instead. */
  consoleHref?: string | null
}) {
  const firstName = firstNameOf(sitter.name)
  const buttonClass = 'tap-target flex flex-1 items-center justify-center rounded-lg px-4 font-medium'
  return (
    <section aria-labelledby="book-with-heading" className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="book-with-heading" className="text-lg font-semibold">
          Book with <bdi>{firstName}</bdi>
        </h2>
        {sitter.rateCents === null || sitter.rateUnit === null ? null : (
          <p className="text-right text-sm text-stone-600">
            from <span className="text-base font-semibold text-brand-800">{formatRateIn(sitter.rateUnit, sitter.rateCents)}</span>
          </p>
        )}
      </div>
      <ul className="space-y-2 text-sm text-stone-700">
        <Fact icon={<ChatIcon className="size-5 text-brand-700" />}>
          {sitter.medianReplyMinutes === null ? 'Reply time not known yet' : formatReplyTime(sitter.medianReplyMinutes)}
        </Fact>
        <Fact icon={<CalendarIcon className="size-5 text-brand-700" />}>
          {sitter.completedBookings === 0 ? 'No completed bookings yet' : formatCompletedBookings(sitter.completedBookings)}
        </Fact>
        {sitter.reliability ? <Fact icon={<ShieldIcon className="size-5 text-brand-700" />}>{formatReliability(sitter.reliability)}</Fact> : null}
        {sitter.lateCancellations.accepted > 0 ? (
          <Fact icon={<ShieldIcon className="size-5 text-brand-700" />}>{formatLateCancellations(sitter.lateCancellations)}</Fact>
        ) : null}
        <Fact icon={<UserIcon className="size-5 text-brand-700" />}>Member since {formatLongLocalDate(sitter.memberSince)}</Fact>
      </ul>
      <p className="rounded-lg bg-stone-50 px-3 py-2 text-sm text-stone-700">{formatCancellationTerms(sitter.cancellationTerms)}</p>
      {ownProfile ? (
        <div className="space-y-2">
          <p className="text-sm text-stone-600">This is how owners see your profile.</p>
          <Link to={href('/profile/edit')} className={`${buttonClass} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100`}>
            Edit profile
          </Link>
        </div>
      ) : consoleHref ? (
        <div className="space-y-2">
          <p className="text-sm text-stone-600">This is how owners see this profile. Admin accounts do not book.</p>
          <Link to={consoleHref} className={`${buttonClass} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100`}>
            Open in the console
          </Link>
        </div>
      ) : (
        <div className="space-y-2">
          <div className="flex gap-2">
            <Link to={bookHref} className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-800`}>
              Book Now
            </Link>
            <Link to={contactHref} className={`${buttonClass} border border-stone-300 bg-white text-stone-900 hover:bg-stone-100`}>
              Contact
            </Link>
          </div>
          <Link to={weeklyHref} className="tap-target flex items-center justify-center text-sm font-medium text-brand-700 underline underline-offset-4">
            Book the same time every week
          </Link>
        </div>
      )}
    </section>
  )
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-2">
      {icon}
      <span>{children}</span>
    </li>
  )
}
