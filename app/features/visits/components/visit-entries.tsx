import type { VisitLogJson } from '../visit-log.server.ts'
import { entryLabels } from '../visit-rules.ts'

/** The activities and notes of a visit, each with the server's time. */
export function VisitEntries({ entries, label, timeOf, empty }: { entries: VisitLogJson['entries']; label: string; timeOf: (iso: string) => string; empty: string }) {
  if (entries.length === 0) return empty ? <p className="text-sm text-stone-600">{empty}</p> : null
  return (
    <ol aria-label={label} className="divide-y divide-stone-100">
      {entries.map((entry) => (
        <li key={entry.id} className="flex gap-3 py-2">
          <time dateTime={entry.at} className="min-w-12 shrink-0 text-sm text-stone-500 tabular-nums">
            {timeOf(entry.at)}
          </time>
          {entry.kind === 'note' ? (
            <bdi className="whitespace-pre-line text-stone-800">{entry.note}</bdi>
          ) : (
            <span>
              <span className="font-medium text-stone-900">{entryLabels[entry.kind]}</span>
              {entry.note ? <bdi className="block whitespace-pre-line text-stone-700">{entry.note}</bdi> : null}
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}
