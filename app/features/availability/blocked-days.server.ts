import { hasRole } from '#app/features/accounts/roles.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { blockDates, getSitterSchedule, notSitterScheduleMessage, unblockDates } from './schedule.server.ts'

// A sitter blocks or opens one day from their bookings calendar (DESIGN.md ruling 7). Blocking stops
// new requests touching that day; it does not cancel bookings already accepted.

export const blockedDayMessages = {
  pastDate: 'You can only block days from today on',
} as const

export type BlockedDayOutcome = { ok: true } | { ok: false; status: 400 | 403; message: string }

export async function setDayBlocked(user: { id: string; role: Role }, date: string, blocked: boolean, now = Date.now()): Promise<BlockedDayOutcome> {
  if (!hasRole(user, 'sitter')) return { ok: false, status: 403, message: notSitterScheduleMessage }
  const schedule = await getSitterSchedule(user.id, { from: date, to: date })
  if (!schedule) return { ok: false, status: 403, message: notSitterScheduleMessage }
  if (blocked && date < localDateTime(now, schedule.timeZone).date) return { ok: false, status: 400, message: blockedDayMessages.pastDate }
  await (blocked ? blockDates : unblockDates)(user.id, [date])
  return { ok: true }
}
