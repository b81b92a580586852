import type { ReportState } from '#app/lib/db-schema.ts'
import { reportStateLabels } from '../moderation-terms.ts'
import { Tag } from './admin-nav.tsx'

/** A report's state as a tag; apart from the list, so the report's own page does not load the queue's code. */
export function ReportStateTag({ state }: { state: ReportState }) {
  return <Tag tone={state === 'open' ? 'open' : 'done'}>{reportStateLabels[state]}</Tag>
}
