import { type Expression, expressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely'
import { hasRole } from '#app/features/accounts/roles.ts'
import { getTimeZoneOf, setTimeZone } from '#app/features/accounts/users.server.ts'
import { type Database, db } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { Role } from '#app/lib/db-schema.ts'
import type { SitterScheduleInput, WeeklyRange } from './schedule-schema.ts'

// A sitter's weekly schedule (sitterAvailability) and blocked dates (sitterBlockedDates), local to the
// sitter's zone; the only module that touches these two tables. A sitter who set no weekly range takes
// requests any day; bookings applies these rules to requests, availability.server.ts to the busy times.

export type SitterSchedule = {
  timeZone: string
  /** Ordered by weekday, then start. Empty: no schedule set (every day is open). */
  weekly: WeeklyRange[]
  /** yyyy-MM-dd, ascending. */
  blockedDates: string[]
}

export const notSitterScheduleMessage = 'Only sitters have a schedule'

/** The sitter's schedule with the blocked dates in [from, to] (all of them without a range); null for an unknown user. */
export async function getSitterSchedule(sitterId: string, range?: { from: string; to: string }): Promise<SitterSchedule | null> {
  const timeZone = await getTimeZoneOf(sitterId)
  if (timeZone === null) return null
  let blocked = db.selectFrom('sitterBlockedDates').select('date').where('sitterId', '=', sitterId)
  if (range) blocked = blocked.where('date', '>=', range.from).where('date', '<=', range.to)
  const [weekly, blockedDates] = await Promise.all([getWeeklyHours(sitterId), blocked.orderBy('date').execute()])
  return { timeZone, weekly, blockedDates: blockedDates.map((row) => row.date) }
}

/**
 * The weekly ranges and every blocked date of a sitter whose zone the caller knows (the sitter's own session):
 * what their calendar shows on every visit of /bookings-sitter, read by statements compiled once (decision 089).
 */
export async function getOwnWeekAndBlockedDates(sitterId: string) {
  const [weekly, blocked] = await Promise.all([getWeeklyHours(sitterId), blockedDatesOf({ sitterId })])
  return { weekly, blockedDates: blocked.map((row) => row.date) }
}

const blockedDatesOf = precompiledQuery(({ sitterId }: { sitterId: string }) =>
  db.selectFrom('sitterBlockedDates').select('date').where('sitterId', '=', sitterId).orderBy('date'),
)

const weeklyHoursOf = precompiledQuery(({ sitterId }: { sitterId: string }) =>
  db.selectFrom('sitterAvailability').select(['weekday', 'startTime', 'endTime']).where('sitterId', '=', sitterId).orderBy('weekday').orderBy('startTime'),
)

/** The sitter's weekly ranges, by weekday, then start. */
export const getWeeklyHours = (sitterId: string, executor: Kysely<Database> = db): Promise<WeeklyRange[]> => weeklyHoursOf({ sitterId }, executor)

/** Replaces the sitter's weekly ranges (the schedule API, the profile form, onboarding), inside the caller's transaction. */
export async function replaceWeeklyHours(trx: Transaction<Database>, sitterId: string, weekly: readonly WeeklyRange[]) {
  await trx.deleteFrom('sitterAvailability').where('sitterId', '=', sitterId).execute()
  if (weekly.length > 0) {
    await trx
      .insertInto('sitterAvailability')
      .values(weekly.map((range) => ({ id: crypto.randomUUID(), sitterId, weekday: range.weekday, startTime: range.startTime, endTime: range.endTime })))
      .execute()
  }
}

/** Whether the sitter `sitterId` names blocked the day, as a condition for the sitter search. */
export function blockedOn(date: string, sitterId: Expression<string>): Expression<SqlBool> {
  return expressionBuilder<Database>().exists(
    db
      .selectFrom('sitterBlockedDates')
      .select('sitterBlockedDates.date')
      .where('sitterBlockedDates.sitterId', '=', sitterId)
      .where('sitterBlockedDates.date', '=', date),
  )
}

type ScheduleOutcome = { ok: true; schedule: SitterSchedule } | { ok: false; status: 403; message: string }

/** Replaces the parts of the signed-in sitter's schedule that the input names (weekly, blocked dates, zone). */
export async function saveSitterSchedule(user: { id: string; role: Role }, input: SitterScheduleInput): Promise<ScheduleOutcome> {
  if (!hasRole(user, 'sitter')) return { ok: false, status: 403, message: notSitterScheduleMessage }
  const { weekly, blockedDates } = input
  await db.transaction().execute(async (trx) => {
    if (weekly) await replaceWeeklyHours(trx, user.id, weekly)
    if (blockedDates) {
      await trx.deleteFrom('sitterBlockedDates').where('sitterId', '=', user.id).execute()
      if (blockedDates.length > 0) {
        await trx.insertInto('sitterBlockedDates').values(blockedDates.map((date) => ({ sitterId: user.id, date }))).execute()
      }
    }
  })
  if (input.timeZone) await setTimeZone(user.id, input.timeZone)
  const schedule = await getSitterSchedule(user.id)
  if (!schedule) throw new Error(`Sitter ${user.id} disappeared while saving the schedule`)
  return { ok: true, schedule }
}

/** Blocks single days (the sitter's calendar); days already blocked stay blocked. */
export async function blockDates(sitterId: string, dates: readonly string[]) {
  if (dates.length === 0) return
  await db
    .insertInto('sitterBlockedDates')
    .values(dates.map((date) => ({ sitterId, date })))
    .onConflict((oc) => oc.columns(['sitterId', 'date']).doNothing())
    .execute()
}

/** Opens blocked days again. */
export async function unblockDates(sitterId: string, dates: readonly string[]) {
  if (dates.length === 0) return
  await db.deleteFrom('sitterBlockedDates').where('sitterId', '=', sitterId).where('date', 'in', dates).execute()
}
