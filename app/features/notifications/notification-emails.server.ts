import { bookingEmail, loadBookingEmailContext } from '#app/features/bookings/booking-emails.server.ts'
import type { BookingRecord } from '#app/features/bookings/booking-records.server.ts'
import { decideDelivery } from '#app/features/notification-settings/preferences.server.ts'
import { db } from '#app/lib/db.server.ts'
import { deliverEmailsSoon, queueEmail } from '#app/lib/email-outbox.server.ts'

// An urgent notification no push delivered (no device, quiet phone, push service down) escalates to e-mail
// (DESIGN.md ruling 24): the warning that a request will expire unanswered. The e-mail goes through the
// outbox under a key per booking, so it is sent once; the notification names that key, so the centre shows
// what became of it.

export async function escalateByEmail(booking: BookingRecord) {
  const email = bookingEmail('expiring', await loadBookingEmailContext(booking))
  const decision = await decideDelivery({ userId: email.recipientId, kind: 'bookings', channel: 'email', urgent: true })
  if (decision.send === 'never') return
  await queueEmail(db, email)
  void deliverEmailsSoon()
}
