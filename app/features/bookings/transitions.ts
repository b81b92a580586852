import type { BookingStatus } from '#app/lib/db-schema.ts'

// The booking status machine (DESIGN.md rulings 4 and 5), as data: who may move a booking from which
// status to which, and when. Everything else is refused with a message saying why. The server enforces
// it (changeBookingStatus); screens ask `allowedTransitions` which buttons to show.

export const bookingStatuses = ['pending', 'accepted', 'rejected', 'completed', 'cancelled'] as const satisfies readonly BookingStatus[]

/** The two parties of a booking. */
export type Party = 'owner' | 'sitter'

/**
 * Who may make a move: the party that did not request the booking (ruling 4: the sitter for an
 * owner's request, the owner for a sitter's offer), the sitter, or either party.
 */
type Mover = 'confirming party' | 'sitter' | 'either party'

/** Relative to the start of the booking's first time slot. */
type Timing = 'before the start' | 'after the start'

type Transition = { from: BookingStatus; to: BookingStatus; by: Mover; when: Timing }

export const transitions = [
  { from: 'pending', to: 'accepted', by: 'confirming party', when: 'before the start' },
  { from: 'pending', to: 'rejected', by: 'confirming party', when: 'before the start' },
  { from: 'accepted', to: 'completed', by: 'sitter', when: 'after the start' },
  { from: 'pending', to: 'cancelled', by: 'either party', when: 'before the start' },
  { from: 'accepted', to: 'cancelled', by: 'either party', when: 'before the start' },
] as const satisfies readonly Transition[]

/** The party that confirms (accepts or declines) a request made by `requestedBy`. */
export const confirmingParty = (requestedBy: Party): Party => (requestedBy === 'owner' ? 'sitter' : 'owner')

/** How statuses and moves read in messages: a 'declined' booking, 'accept this request'... */
const words: Record<BookingStatus, { state: string; doing: (what: string) => string; done: string }> = {
  pending: { state: 'pending', doing: (what) => `set this ${what} back to pending`, done: 'set back to pending' },
  accepted: { state: 'accepted', doing: (what) => `accept this ${what}`, done: 'accepted' },
  rejected: { state: 'declined', doing: (what) => `decline this ${what}`, done: 'declined' },
  completed: { state: 'completed', doing: (what) => `mark this ${what} as completed`, done: 'marked as completed' },
  cancelled: { state: 'cancelled', doing: (what) => `cancel this ${what}`, done: 'cancelled' },
}

const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? 'An' : 'A'} ${word}`

export type BookingState = {
  status: BookingStatus
  requestedBy: Party
  /** Whether the first time slot has begun. */
  started: boolean
}

export type TransitionDecision = { ok: true } | { ok: false; message: string }

function mayMove(mover: Mover, actor: Party, requestedBy: Party) {
  if (mover === 'either party') return true
  if (mover === 'sitter') return actor === 'sitter'
  return actor === confirmingParty(requestedBy)
}

/** Whether `actor` may move the booking to `to` now, and if not, why (said to the user with a 409). */
export function decideTransition(booking: BookingState, actor: Party, to: BookingStatus): TransitionDecision {
  const { status: from, requestedBy, started } = booking
  if (from === to) return { ok: false, message: `This booking is already ${words[to].state}.` }
  const transition = transitions.find((candidate) => candidate.from === from && candidate.to === to)
  if (!transition) return { ok: false, message: `${withArticle(words[from].state)} booking cannot be ${words[to].done}.` }
  if (!mayMove(transition.by, actor, requestedBy)) {
    const who = transition.by === 'sitter' ? 'sitter' : confirmingParty(requestedBy)
    const what = from === 'pending' ? 'request' : 'booking'
    return { ok: false, message: `Only the ${who} can ${words[to].doing(what)}.` }
  }
  if (transition.when === 'before the start' && started) {
    return { ok: false, message: `This booking has already started, so it can no longer be ${words[to].done}.` }
  }
  if (transition.when === 'after the start' && !started) {
    return { ok: false, message: `A booking can only be ${words[to].done} once it has started.` }
  }
  return { ok: true }
}

/** Every status `actor` may move the booking to now (the actions a screen offers). */
export function allowedTransitions(booking: BookingState, actor: Party): BookingStatus[] {
  return transitions.filter((t) => t.from === booking.status && decideTransition(booking, actor, t.to).ok).map((t) => t.to)
}
