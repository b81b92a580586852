import { db } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import type { BookingRecord } from './booking-records.server.ts'
import type { Proposal } from './booking-proposals.server.ts'
import { expiredReason } from './expiry.server.ts'
import type { Party } from './transitions.ts'

// A booking's history as its page lists it (issue 33 part 2): requested, accepted, changed, declined, cancelled...
// from its status changes and the changes proposed to it, oldest first.

export type HistoryStep = 'requested' | 'accepted' | 'rejected' | 'cancelled' | 'expired' | 'completed' | 'change-proposed' | 'changed' | 'change-declined' | 'change-withdrawn'

export type HistoryEntry = {
  at: string
  what: HistoryStep
  /** Who did it; null when nobody did (an expiry). */
  by: Party | null
  /** The change it concerns, for the entries of a proposal. */
  proposalId: string | null
}

const statusEntries: Record<BookingStatus, HistoryEntry['what']> = {
  pending: 'requested',
  accepted: 'accepted',
  rejected: 'rejected',
  cancelled: 'cancelled',
  completed: 'completed',
}

const answerEntries = { accepted: 'changed', declined: 'change-declined', withdrawn: 'change-withdrawn' } as const

// Every booking page asks it: compiled once (decision 089).
const statusChangesOf = precompiledQuery(({ bookingId }: { bookingId: string }) =>
  db.selectFrom('bookingStatusHistory').select(['toStatus', 'changedById', 'changedAt', 'reason']).where('bookingId', '=', bookingId).orderBy('changedAt'),
)

export async function bookingHistoryOf(booking: BookingRecord, proposals: readonly Proposal[]): Promise<HistoryEntry[]> {
  const changes = await statusChangesOf({ bookingId: booking.id })
  const partyOf = (userId: string | null): Party | null => (userId === booking.ownerId ? 'owner' : userId === booking.sitterId ? 'sitter' : null)
  const other = (party: Party): Party => (party === 'owner' ? 'sitter' : 'owner')
  const entries: HistoryEntry[] = [
    ...changes.map((change) => ({
      at: change.changedAt,
      what: change.reason === expiredReason ? ('expired' as const) : statusEntries[change.toStatus],
      by: change.reason === expiredReason ? null : partyOf(change.changedById),
      proposalId: null,
    })),
    ...proposals.flatMap((proposal) => [
      { at: proposal.createdAt, what: 'change-proposed' as const, by: proposal.proposedBy, proposalId: proposal.id },
      ...(proposal.status === 'pending' || !proposal.answeredAt
        ? []
        : [{ at: proposal.answeredAt, what: answerEntries[proposal.status], by: proposal.status === 'withdrawn' ? proposal.proposedBy : other(proposal.proposedBy), proposalId: proposal.id }]),
    ]),
  ]
  return entries.sort((a, b) => a.at.localeCompare(b.at))
}
