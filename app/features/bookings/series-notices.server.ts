import { href } from 'react-router'
import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { findDogsForBookings } from '#app/features/dogs/dogs.server.ts'
import { decideDelivery } from '#app/features/notification-settings/preferences.server.ts'
import { unsubscribeFooter } from '#app/features/notification-settings/unsubscribe.server.ts'
import { db } from '#app/lib/db.server.ts'
import { emailGreeting } from '#app/lib/email-greeting.ts'
import { deliverEmailsSoon, queueEmail } from '#app/lib/email-outbox.server.ts'
import { env } from '#app/lib/env.server.ts'
import type { StoredEvent, Subscriber } from '#app/lib/events.server.ts'
import { formatBookingDate } from './booking-format.ts'
import { seriesEventTypes } from './series-change-types.ts'
import { seriesNoticeText, seriesReadersOf } from './series-notice-texts.ts'
import { findSeries, readSeriesChange } from './series-records.server.ts'

// A weekly series' event as its readers hear it (series-notice-texts.ts): in the notification centre (notifications
// feature) and by the e-mail below, so both say the same.

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
  const seriesDogs = series.dogIds.flatMap((dogId) => dogs.get(dogId) ?? [])
  const { subject, text } = seriesNoticeText(facts.change, { series, ownerName: owner.name, sitterName: sitter.name, dogs: seriesDogs, actor: facts.actor, conflicts: facts.conflicts, from: facts.from, cancelledLate: facts.cancelledLate })
  const conflictLines = facts.conflicts.map((conflict) => `${formatBookingDate(conflict.date)}: ${conflict.reason}`)
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
    readers: seriesReadersOf(facts.change, facts.actor).map((reader) => party[reader]),
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
