import { formatBritishDate, formatBritishDay } from '#app/lib/british-dates.ts'
import type { NotificationChannel, NotificationDeliveryStatus } from '#app/lib/db-schema.ts'
import { localDateOf, localDateTimeOf } from '#app/lib/zoned-time.ts'

// How the centre writes times and deliveries, in the viewer's time zone, 24-hour like the rest of the app:
// 'Today, 10:02', 'Yesterday, 18:30', 'Tue 2 Dec, 08:00'; 'Sent by push 10:02', 'E-mail failed 10:03'.

/** '10:02'. */
export const formatClock24 = (iso: string, timeZone: string) => localDateTimeOf(iso, timeZone).time

/** When a notification happened, as the list shows it. */
export function formatNotificationTime(iso: string, now: string, timeZone: string) {
  const { date: day, time: clock } = localDateTimeOf(iso, timeZone)
  const today = localDateOf(now, timeZone)
  if (day === today) return `Today, ${clock}`
  if (day === localDateOf(new Date(Date.parse(now) - 86_400_000).toISOString(), timeZone)) return `Yesterday, ${clock}`
  return `${day.slice(0, 4) === today.slice(0, 4) ? formatBritishDay(day) : formatBritishDate(day)}, ${clock}`
}

const channelNames: Record<NotificationChannel, string> = { push: 'push', email: 'e-mail' }

/** 'Sent by push 10:02', 'Sent by e-mail 10:02', 'E-mail failed 10:03', 'E-mail queued 10:02', 'The push waits for the end of your quiet hours, 07:00'. */
export function formatDelivery(
  delivery: { channel: NotificationChannel; status: NotificationDeliveryStatus; at: string; detail: string | null },
  timeZone: string,
) {
  const clock = formatClock24(delivery.at, timeZone)
  const channel = channelNames[delivery.channel]
  // A push waits only for quiet hours to end; an e-mail waits in the outbox until the mail server takes it.
  if (delivery.status === 'waiting') return delivery.channel === 'email' ? `E-mail queued ${clock}` : `The push waits for the end of your quiet hours, ${clock}`
  if (delivery.status === 'failed') return `${channel.charAt(0).toUpperCase()}${channel.slice(1)} failed ${clock}${delivery.detail ? ` (${delivery.detail})` : ''}`
  return `${delivery.status === 'sent' ? 'Sent' : 'Delivered'} by ${channel} ${clock}`
}
