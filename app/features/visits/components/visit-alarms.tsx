import type { VisitLogJson } from '../visit-log.server.ts'
import { alarmLabel } from '../visit-format.ts'

/** The alarms the visit raised (a missed check-in, check-out or daily update), as both parties were told. */
export function VisitAlarms({ alarms, timeOf }: { alarms: VisitLogJson['alarms']; timeOf: (iso: string) => string }) {
  if (alarms.length === 0) return null
  return (
    <ul aria-label="Alarms" className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
      {alarms.map((alarm) => (
        <li key={`${alarm.kind}:${alarm.date ?? ''}`}>
          <span className="font-medium">{alarmLabel(alarm)}</span> <span className="text-amber-900">(alarm at {timeOf(alarm.at)})</span>
        </li>
      ))}
    </ul>
  )
}
