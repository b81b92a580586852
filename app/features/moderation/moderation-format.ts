import { formatBritishDate } from '#app/lib/british-dates.ts'
import { reasonLabels } from './moderation-terms.ts'

// How moderation writes its dates, in the browser and on the server alike. A suspension's `until` is a
// day (yyyy-MM-dd, UTC), the first on which the user may sign in again: 'until 3 Dec 2026'.

/** '3 Dec 2026' for '2026-12-03'. */
export const formatSuspensionDay = formatBritishDate

/** 'until 3 Dec 2026', or 'until further notice' without an end. */
export const formatSuspensionEnd = (until: string | null) => (until ? `until ${formatSuspensionDay(until)}` : 'until further notice')

/** The day part of a stored end (an instant at the start of that day, UTC). */
export const suspensionUntil = (endsAt: string | null) => endsAt?.slice(0, 10) ?? null

/** A report's reason as the reporter chose it ('Harassment or threats'); a reason no longer offered reads as stored. */
export const reportReasonLabel = (reason: string) => (Object.hasOwn(reasonLabels, reason) ? reasonLabels[reason as keyof typeof reasonLabels] : reason)

/** '1 other report about this user', '3 other reports about this user'; nothing at 0. */
export const otherReportsText = (count: number) => (count === 0 ? null : `${count} other ${count === 1 ? 'report' : 'reports'} about this user`)
