import type { NotificationChannel, NotificationDeliveryStatus } from '#app/lib/db-schema.ts'

// How the centre writes times and deliveries, in the viewer's time zone, 24-hour like the rest of the app:
// 'Today, 10:02', 'Yesterday, 18:30', 'Tue 2 Dec, 08:00'; 'Sent by push 10:02', 'E-mail failed 10:03'.

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`
  let found = formatters.get(key)
  if (!found) formatters.set(key, (found = new Intl.DateTimeFormat('en-GB', { ...options, timeZone, hourCycle: 'h23' })))
  return found
}

const dayOf = (iso: string, timeZone: string) => formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso))

/** '10:02'. */
export const formatClock24 = (iso: string, timeZone: string) => formatter(timeZone, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso))

/** When a notification happened, as the list shows it. */
export function formatNotificationTime(iso: string, now: string, timeZone: string) {
  const clock = formatClock24(iso, timeZone)
  const day = dayOf(iso, timeZone)
  if (day === dayOf(now, timeZone)) return `Today, ${clock}`
  if (day === dayOf(new Date(Date.parse(now) - 86_400_000).toISOString(), timeZone)) return `Yesterday, ${clock}`
  const sameYear = day.slice(-4) === dayOf(now, timeZone).slice(-4)
  const date = formatter(timeZone, sameYear ? { weekday: 'short', day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' })
  return `${date.format(new Date(iso))}, ${clock}`
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
