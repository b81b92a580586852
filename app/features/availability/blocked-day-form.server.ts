import { parseWithZod } from '@conform-to/zod/v4'
import { setDayBlocked } from './blocked-days.server.ts'
import { BlockedDayFormSchema } from './schedule-schema.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { formatDayTitle } from './calendar-dates.ts'

export type BlockedDayAnswer = { ok: true; toast: ToastInput } | { ok: false; status: 400 | 403; message: string; toast: ToastInput }

const refused = (status: 400 | 403, message: string): BlockedDayAnswer => ({
  ok: false,
  status,
  message,
  toast: { type: 'error', title: 'Could not change the day', description: message },
})

/** The post of a BlockedDays button, from whichever page shows the sitter's calendar: blocks or opens the day. */
export async function submitBlockedDay(user: Parameters<typeof setDayBlocked>[0], formData: FormData): Promise<BlockedDayAnswer> {
  const submission = parseWithZod(formData, { schema: BlockedDayFormSchema })
  if (submission.status !== 'success') return refused(400, Object.values(submission.error ?? {}).flat()[0] ?? 'Please choose a day')
  const { date, blocked } = submission.value
  const outcome = await setDayBlocked(user, date, blocked)
  if (!outcome.ok) return refused(outcome.status, outcome.message)
  const day = formatDayTitle(date)
  return {
    ok: true,
    toast: blocked ? { type: 'success', title: 'Day blocked', description: `Owners cannot request ${day}.` } : { type: 'success', title: 'Day open again', description: `Owners can request ${day} again.` },
  }
}
