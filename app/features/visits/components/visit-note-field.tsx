import { maxVisitNoteLength } from '../visit-form-fields.ts'
import { textControlClass } from '#app/ui/field.tsx'
import { FormRefusal } from './form-refusal.tsx'

/**
 * The note of a visit form (a note in the log, the check-out's note for the owner). A refused submit comes back
 * with what was typed (`refusal.note`), so nothing is lost, with or without JavaScript.
 */
export function VisitNoteField({ id, label, rows, required = false, refusal }: { id: string; label: string; rows: number; required?: boolean; refusal: { message: string; note?: string } | null }) {
  const refusalId = `${id}-refusal`
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={id}
        name="note"
        required={required}
        maxLength={maxVisitNoteLength}
        rows={rows}
        defaultValue={refusal?.note}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? refusalId : undefined}
        className={textControlClass}
      />
      <FormRefusal id={refusalId} message={refusal?.message ?? null} />
    </>
  )
}
