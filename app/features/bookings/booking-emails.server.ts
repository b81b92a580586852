import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { findDogsForBookings } from '#app/features/dogs/dogs.server.ts'
import { unsubscribeFooter } from '#app/features/notification-settings/unsubscribe.server.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { emailGreeting } from '#app/lib/email-greeting.ts'
import { env } from '#app/lib/env.server.ts'
import { dogNamesOf, formatBookingDate } from './booking-format.ts'
import type { BookingRecord } from './booking-records.server.ts'
import { formatSlot } from './slots.ts'
import { confirmingParty, type Party } from './transitions.ts'

// The e-mails of a booking's life (issue 10): the confirming party hears of a new request (with a link
// to it), the requester hears that it was accepted, declined or expired, and a cancellation goes to the
// party that did not cancel. A proposed change goes to the other party, its answer to the one who proposed it. They follow from the booking's recorded changes (booking-changes.server.ts),
// keyed by booking and event in the outbox, so each is sent once (app/lib/email-outbox.server.ts). Each
// closes with the link that stops e-mails about bookings (notification-settings).

/**
 * A change of the booking, or 'expiring': the warning a request will expire, when no push reached its confirming
 * party; a change proposed to it, accepted ('changed') or declined (booking-proposals.server.ts).
 */
export type BookingEvent = 'requested' | 'accepted' | 'rejected' | 'cancelled' | 'expired' | 'expiring' | 'change-proposed' | 'changed' | 'change-declined'

type Person = { id: string; name: string; email: string }

export type BookingEmailContext = {
  booking: Pick<BookingRecord, 'id' | 'date' | 'timeZone' | 'slots' | 'service' | 'requestedBy'>
  dogName: string
  owner: Person
  sitter: Person
}

/** Names and addresses for the e-mails. */
export async function loadBookingEmailContext(booking: BookingRecord): Promise<BookingEmailContext> {
  const [people, dogs] = await Promise.all([getPartyDetails([booking.ownerId, booking.sitterId]), findDogsForBookings(booking.dogIds)])
  const person = (id: string) => {
    const found = people.get(id)
    if (!found) throw new Error(`Booking ${booking.id}: user ${id} is missing`)
    return { id, name: found.name, email: found.email }
  }
  return { booking, dogName: dogNamesOf(booking, dogs) ?? 'your dog', owner: person(booking.ownerId), sitter: person(booking.sitterId) }
}

/**
 * The e-mail for an event. `actor` is who caused it (for a cancellation, the party that cancelled; the
 * other party hears of it).
 */
export function bookingEmail(event: BookingEvent, context: BookingEmailContext, actor?: Party, proposalId?: string) {
  const { booking, dogName } = context
  const party = { owner: context.owner, sitter: context.sitter }
  const requester = booking.requestedBy
  const confirmer = confirmingParty(requester)
  const when = `${formatBookingDate(booking.date)}, ${booking.slots.map(formatSlot).join(' and ')} (${booking.timeZone} time)`
  const service = (serviceLabels[booking.service as SitterService] ?? booking.service).toLowerCase()
  const link = `${env.PUBLIC_URL}/bookings/${booking.id}`
  const about = `${dogName} on ${formatBookingDate(booking.date)}`

  const message = (to: Party, subject: string, lines: string[]) => {
    const unsubscribe = unsubscribeFooter(party[to].id, 'bookings')
    return {
      key: `booking:${booking.id}:${event}${proposalId ? `:${proposalId}` : ''}`,
      recipientId: party[to].id,
      to: party[to].email,
      subject,
      text: `${emailGreeting(party[to].name)}\n\n${lines.join('\n\n')}\n\nPawpal\n\n${unsubscribe.text}\n`,
      unsubscribeUrl: unsubscribe.unsubscribeUrl,
    }
  }

  switch (event) {
    case 'requested': {
      const ask =
        requester === 'owner'
          ? `${party.owner.name} would like to book ${service} for ${dogName} with you on ${when}.`
          : `${party.sitter.name} offers ${service} for ${dogName} on ${when}.`
      return message(confirmer, requester === 'owner' ? `New booking request: ${about}` : `New offer to care for ${about}`, [
        ask,
        `Please accept or decline it here:\n${link}`,
        'A request that is not answered before it starts is cancelled automatically.',
      ])
    }
    case 'accepted':
      return message(requester, `Booking accepted: ${about}`, [
        `${party[confirmer].name} accepted your booking of ${service} for ${dogName} on ${when}.`,
        `See the booking:\n${link}`,
      ])
    case 'rejected':
      return message(requester, `Booking declined: ${about}`, [
        `${party[confirmer].name} declined your booking of ${service} for ${dogName} on ${when}.`,
        `See the booking:\n${link}`,
      ])
    case 'cancelled': {
      const canceller = actor ?? requester
      const other: Party = canceller === 'owner' ? 'sitter' : 'owner'
      return message(other, `Booking cancelled: ${about}`, [
        `${party[canceller].name} cancelled the booking of ${service} for ${dogName} on ${when}.`,
        `See the booking:\n${link}`,
      ])
    }
    case 'expired':
      return message(requester, `Booking request expired: ${about}`, [
        `Your booking of ${service} for ${dogName} on ${when} was not answered by ${party[confirmer].name} before it was due to start, so it was cancelled automatically.`,
        `See the booking:\n${link}`,
      ])
    case 'change-proposed': {
      const proposer = actor ?? 'owner'
      const other: Party = proposer === 'owner' ? 'sitter' : 'owner'
      return message(other, `Change proposed: ${about}`, [
        `${party[proposer].name} proposed a change to the booking of ${service} for ${dogName} on ${when}.`,
        `See the change, with the price before and after, and accept or decline it:\n${link}`,
      ])
    }
    case 'changed':
    case 'change-declined': {
      // The answer goes to the one who proposed the change: the party that did not answer.
      const answerer = actor ?? 'sitter'
      const proposer: Party = answerer === 'owner' ? 'sitter' : 'owner'
      const verb = event === 'changed' ? 'accepted' : 'declined'
      return message(proposer, `Change ${verb}: ${about}`, [
        `${party[answerer].name} ${verb} your change to the booking of ${service} for ${dogName}${event === 'changed' ? `. It is now on ${when}` : ''}.`,
        `See the booking:\n${link}`,
      ])
    }
    case 'expiring':
      return message(confirmer, `Please answer soon: ${about}`, [
        requester === 'owner'
          ? `${party.owner.name}'s request for ${service} for ${dogName} on ${when} is still waiting for your answer. It is cancelled automatically if it is not answered before it starts.`
          : `${party.sitter.name}'s offer of ${service} for ${dogName} on ${when} is still waiting for your answer. It is cancelled automatically if it is not answered before it starts.`,
        `Please accept or decline it here:\n${link}`,
      ])
  }
}
