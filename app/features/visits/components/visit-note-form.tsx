import { Form, useNavigation } from 'react-router'
import { maxVisitNoteLength } from '../visit-form-fields.ts'
import { secondaryButtonClass, textControlClass } from './form-classes.ts'
import { FormRefusal } from './form-refusal.tsx'

/** A note in the log, with the server's time. */
export function VisitNoteForm({ refusal }: { refusal: string | null }) {
  const navigation = useNavigation()
  const adding = navigation.state === 'submitting' && navigation.formData?.get('kind') === 'note'
  return (
    <Form method="post" preventScrollReset className="space-y-2">
      <input type="hidden" name="intent" value="visit-entry" />
      <input type="hidden" name="kind" value="note" />
      <label htmlFor="visit-note" className="block text-sm font-medium text-stone-800">
        Note
      </label>
      <textarea
        id="visit-note"
        name="note"
        required
        maxLength={maxVisitNoteLength}
        rows={2}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? 'visit-note-refusal' : undefined}
        className={textControlClass}
      />
      <FormRefusal id="visit-note-refusal" message={refusal} />
      <button type="submit" disabled={adding} className={secondaryButtonClass}>
        Add note
      </button>
    </Form>
  )
}
