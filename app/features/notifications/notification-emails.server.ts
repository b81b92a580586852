import { formatBookingDate } from '#app/features/bookings/booking-format.ts'
import { type BookingEmailContext, bookingEmail, loadBookingEmailContext } from '#app/features/bookings/booking-emails.server.ts'
import type { BookingRecord } from '#app/features/bookings/booking-records.server.ts'
import { decideDelivery } from '#app/features/notification-settings/preferences.server.ts'
import { unsubscribeFooter } from '#app/features/notification-settings/unsubscribe.server.ts'
import { db } from '#app/lib/db.server.ts'
import { emailGreeting } from '#app/lib/email-greeting.ts'
import { deliverEmailsSoon, queueEmail } from '#app/lib/email-outbox.server.ts'
import { env } from '#app/lib/env.server.ts'
import { dogsVisit } from './notification-texts.ts'

// Notifications that also go out by e-mail, through the outbox under a key per booking, so each is sent once; the
// notification names that key, so the centre shows what became of it. An urgent notification no push delivered (no
// device, quiet phone, push service down) escalates to e-mail (DESIGN.md ruling 24): the warning that a request will
// expire unanswered. A visit's report card is e-mailed to the owner unless they turned booking e-mails off (issue 32):
// a link to the booking and no more, never an address, a home-access detail or a position.

export async function escalateByEmail(booking: BookingRecord) {
  const email = bookingEmail('expiring', await loadBookingEmailContext(booking))
  const decision = await decideDelivery({ userId: email.recipientId, kind: 'bookings', channel: 'email', urgent: true })
  if (decision.send === 'never') return
  await queueEmail(db, email)
  void deliverEmailsSoon()
}

export const reportCardEmailKey = (bookingId: string) => `visit:${bookingId}:report-card`

function reportCardEmail({ booking, dogName, owner, sitter }: BookingEmailContext) {
  const visit = dogsVisit(dogName, booking.service)
  const unsubscribe = unsubscribeFooter(owner.id, 'bookings')
  const lines = [
    `${sitter.name} checked out of ${visit} on ${formatBookingDate(booking.date)}: the report card is ready, with the visit's times, activities, photos and ${sitter.name}'s note.`,
    `See it here:\n${env.PUBLIC_URL}/bookings/${booking.id}`,
  ]
  return {
    key: reportCardEmailKey(booking.id),
    recipientId: owner.id,
    to: owner.email,
    subject: `Report card: ${visit} on ${formatBookingDate(booking.date)}`,
    text: `${emailGreeting(owner.name)}\n\n${lines.join('\n\n')}\n\nPawpal\n\n${unsubscribe.text}\n`,
    unsubscribeUrl: unsubscribe.unsubscribeUrl,
  }
}

export async function emailReportCard(context: BookingEmailContext) {
  const email = reportCardEmail(context)
  const decision = await decideDelivery({ userId: email.recipientId, kind: 'bookings', channel: 'email' })
  if (decision.send === 'never') return
  await queueEmail(db, email)
  void deliverEmailsSoon()
}
