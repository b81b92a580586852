import { formatShortDate } from '#app/features/availability/calendar-dates.ts'
import type { ReportKind } from '#app/lib/db-schema.ts'
import { reportedThings } from '../moderation-terms.ts'

/** What a page shows instead of its Report form while the viewer's report of that thing is open. */
export function ReportedNote({ kind, day, className = '' }: { kind: ReportKind; day: string; className?: string }) {
  return (
    <p className={`rounded-lg border border-stone-200 bg-white px-3 py-2.5 text-sm text-stone-700 ${className}`}>
      You reported {reportedThings[kind]} on {formatShortDate(day)}. Our team will review it.
    </p>
  )
}

/** The viewer's open report of a conversation (`openConversationReport`) with its note, as the thread takes it. */
export const conversationReportWithNote = <Report extends { day: string }>(report: Report | null) =>
  report && { ...report, note: <ReportedNote kind="conversation" day={report.day} /> }
