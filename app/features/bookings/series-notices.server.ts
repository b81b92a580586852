import { href } from 'react-router'
import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { findDogsForBookings } from '#app/features/dogs/dogs.server.ts'
import { decideDelivery } from '#app/features/notification-settings/preferences.server.ts'
import { unsubscribeFooter } from '#app/features/notification-settings/unsubscribe.server.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { db } from '#app/lib/db.server.ts'
import { emailGreeting } from '#app/lib/email-greeting.ts'
import { deliverEmailsSoon, queueEmail } from '#app/lib/email-outbox.server.ts'
import { env } from '#app/lib/env.server.ts'
import type { StoredEvent, Subscriber } from '#app/lib/events.server.ts'
import { formatBookingDate, formatDogNames } from './booking-format.ts'
import { formatWeekdays } from './series-format.ts'
import { findSeries, readSeriesChange, type SeriesChange, seriesEventTypes } from './series-records.server.ts'
import { formatSlot } from './slots.ts'
import type { Party } from './transitions.ts'

// What each party hears of a weekly series (issue 33 part 1): the sitter of a request and of its cancellation (both
// parties when it expired unanswered), the owner of the answer, the other party of an end, both of dates the sweep
// could not book. One text for the notification centre (notifications feature) and the e-mail below, so both say the
// same.

const other = (party: Party): Party => (party === 'owner' ? 'sitter' : 'owner')

function readersOf(change: SeriesChange, actor: Party | null): Party[] {
  if (change === 'requested' || (change === 'cancelled' && actor)) return ['sitter']
  if (change === 'accepted' || change === 'declined') return ['owner']
  return actor ? [other(actor)] : ['owner', 'sitter']
}

/** The notice of a series event: who hears it, what it says, where it leads; null when the series is gone. */
export async function loadSeriesNotice(event: StoredEvent) {
  const facts = readSeriesChange(event)
  if (!facts) return null
  const series = await findSeries(facts.seriesId)
  if (!series) return null
  const [people, dogs] = await Promise.all([getPartyDetails([series.ownerId, series.sitterId]), findDogsForBookings(series.dogIds)])
  const owner = people.get(series.ownerId)
  const sitter = people.get(series.sitterId)
  if (!owner || !sitter) return null
  const party = { owner, sitter }
  const dogNames = formatDogNames(series.dogIds.flatMap((dogId) => dogs.get(dogId) ?? []))
  const what = `weekly ${(serviceLabels[series.service as SitterService] ?? series.service).toLowerCase()} for ${dogNames}`
  const when = `${formatWeekdays(series.weekdays)}, ${series.slots.map(formatSlot).join(' and ')} (${series.timeZone} time), from ${formatBookingDate(series.firstDate)}`
  const unbooked = (count: number) => `${count} ${count === 1 ? 'date' : 'dates'}`
  const conflictLines = facts.conflicts.map((conflict) => `${formatBookingDate(conflict.date)}: ${conflict.reason}`)
  const texts: Record<SeriesChange, { subject: string; text: string }> = {
    requested: { subject: `New weekly request: ${dogNames}`, text: `${owner.name} asks for ${what}: ${when}.` },
    accepted: {
      subject: `Weekly care accepted: ${dogNames}`,
      text: `${sitter.name} accepted your ${what}.${facts.conflicts.length > 0 ? ` ${unbooked(facts.conflicts.length)} could not be booked.` : ''}`,
    },
    declined: { subject: `Weekly request declined: ${dogNames}`, text: `${sitter.name} declined your ${what}.` },
    // Without an actor the sweep cancelled it: its last date passed before the sitter answered.
    cancelled: facts.actor
      ? { subject: `Weekly request cancelled: ${dogNames}`, text: `${owner.name} cancelled the request for ${what}.` }
      : { subject: `Weekly request expired: ${dogNames}`, text: `The request for ${what} expired: its last date passed before it was answered.` },
    ended: {
      subject: `Weekly care ended: ${dogNames}`,
      text: `${facts.actor ? party[facts.actor].name : 'Pawpal'} ended the ${what}${facts.from ? ` from ${formatBookingDate(facts.from)}` : ''}.`,
    },
    conflicts: { subject: `Dates not booked: ${dogNames}`, text: `${unbooked(facts.conflicts.length)} of the ${what} could not be booked.` },
  }
  const { subject, text } = texts[facts.change]
  const path = href('/bookings/series/:id', { id: series.id })
  return {
    event,
    change: facts.change,
    seriesId: series.id,
    subject,
    text,
    details: conflictLines,
    href: path,
    link: `${env.PUBLIC_URL}${path}`,
    readers: readersOf(facts.change, facts.actor).map((reader) => party[reader]),
  }
}

/** The e-mail of a series event to each reader who did not turn booking e-mails off, once per event and reader. */
export const seriesEmailSubscriber: Subscriber = {
  name: 'series-emails',
  types: seriesEventTypes,
  async handle(event) {
    const notice = await loadSeriesNotice(event)
    if (!notice) return
    for (const reader of notice.readers) {
      const decision = await decideDelivery({ userId: reader.id, kind: 'bookings', channel: 'email' })
      if (decision.send === 'never') continue
      const unsubscribe = unsubscribeFooter(reader.id, 'bookings')
      const lines = [notice.text, ...(notice.details.length > 0 ? [notice.details.join('\n')] : []), `See the series:\n${notice.link}`]
      await queueEmail(db, {
        key: `booking-series:${notice.seriesId}:${event.id}:${reader.id}`,
        to: reader.email,
        subject: notice.subject,
        text: `${emailGreeting(reader.name)}\n\n${lines.join('\n\n')}\n\nPawpal\n\n${unsubscribe.text}\n`,
        unsubscribeUrl: unsubscribe.unsubscribeUrl,
      })
    }
    void deliverEmailsSoon()
  },
}
