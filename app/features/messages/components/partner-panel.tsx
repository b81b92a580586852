import type { ComponentType } from 'react'
import { serviceLabels } from '#app/features/sitters/options.ts'
import { firstNameOf, formatReplyTime } from '#app/features/sitters/sitter-format.ts'
import { SitterRating } from '#app/features/sitters/components/sitter-rating.tsx'
import type { ConversationPartner } from '../conversation-partner.server.ts'
import { formatRate } from '#app/features/sitters/rates.ts'
import { Avatar } from '#app/ui/avatar.tsx'

// The partner beside a thread (spec section 2, made real by DESIGN.md ruling 6): who they are, since
// when, how they answer (measured from messages), and a sitter's services with their own rates. The
// Book button appears once the thread has 10 messages (spec section 9) and opens the booking dialog.

export const bookButtonFromMessages = 10

/** Whether the conversation offers Book: with a sitter, from the 10th message. */
export const offersBooking = (partner: ConversationPartner, messageCount: number) => Boolean(partner.sitter) && messageCount >= bookButtonFromMessages

/** How Book looks wherever the conversation shows it: beside the thread, and in its header on narrow screens. */
export const bookButtonClass = 'tap-target flex items-center justify-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800'

/** The Book button the screen passes in: bookings' booking dialog (messages sits below bookings). */
export type BookButton = ComponentType<{ sitterId: string; firstName: string; className: string }>

export function PartnerPanel({
  partner,
  messageCount,
  bookButton: BookButton,
}: {
  partner: ConversationPartner
  messageCount: number
  /** Left out where the thread's header carries Book (narrow screens). */
  bookButton?: BookButton
}) {
  const firstName = firstNameOf(partner.name)
  const { sitter } = partner
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3">
        <Avatar photo={partner.profilePhoto} size="lg" />
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">
            <bdi>{partner.name}</bdi>
          </h2>
          {sitter ? (
            <ul aria-label="Badges" className="mt-1 flex flex-wrap gap-1.5 text-xs font-medium">
              <li className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800">Sitter</li>
              {sitter.verified ? <li className="rounded-full bg-emerald-50 px-2 py-0.5 text-emerald-800">Verified</li> : null}
              {sitter.isBackgroundChecked ? <li className="rounded-full bg-sky-50 px-2 py-0.5 text-sky-800">Background checked</li> : null}
            </ul>
          ) : null}
        </div>
      </div>
      {partner.bio ? <p className="text-sm whitespace-pre-line text-stone-700">
          <bdi>{partner.bio}</bdi>
        </p> : null}
      {BookButton && offersBooking(partner, messageCount) ? <BookButton sitterId={partner.id} firstName={firstName} className={`${bookButtonClass} w-full`} /> : null}
      <dl className="space-y-3 text-sm">
        <div>
          <dt className="text-stone-500">Member since</dt>
          <dd className="font-medium text-stone-900">{partner.memberSince}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Reply rate</dt>
          <dd className="font-medium text-stone-900">
            {partner.replyRatePercent === null ? 'No messages to answer yet' : `Answers ${partner.replyRatePercent}% of conversations`}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Reply time</dt>
          <dd className="font-medium text-stone-900">
            {partner.medianReplyMinutes === null ? 'Has not replied to a message yet' : formatReplyTime(partner.medianReplyMinutes)}
          </dd>
        </div>
        {sitter ? (
          <div>
            <dt className="text-stone-500">Reviews</dt>
            <dd className="font-medium text-stone-900">
              {sitter.rating === null ? 'No reviews yet' : <SitterRating rating={sitter.rating} reviewCount={sitter.reviewCount} />}
            </dd>
          </div>
        ) : null}
      </dl>
      {sitter ? (
        // Not a labelled region: the panel is drawn twice (the phone's <details> and the wide aside).
        <div>
          <h3 className="text-sm font-semibold text-stone-900">
            Services and rates
          </h3>
          {sitter.services.length === 0 ? (
            <p className="mt-1 text-sm text-stone-600">No services listed yet</p>
          ) : (
            <ul className="mt-2 divide-y divide-stone-100 rounded-lg border border-stone-200 bg-white text-sm">
              {sitter.services.map((offered) => (
                <li key={offered.service} className="flex justify-between gap-3 px-3 py-2">
                  <span>{serviceLabels[offered.service]}</span>
                  <span className="font-medium">{offered.hourlyRateCents === null ? 'Rate on request' : formatRate(offered.service, offered.hourlyRateCents)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  )
}
