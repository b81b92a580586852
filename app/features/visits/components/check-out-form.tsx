import { Form, useNavigation } from 'react-router'
import { maxVisitNoteLength } from '../visit-form-fields.ts'
import { primaryButtonClass, textControlClass } from './form-classes.ts'
import { FormRefusal } from './form-refusal.tsx'

/** Closes the visit into its report card, with an optional note for the owner. */
export function CheckOutForm({ refusal }: { refusal: string | null }) {
  const navigation = useNavigation()
  const checkingOut = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'check-out'
  return (
    <Form method="post" preventScrollReset className="space-y-2 border-t border-stone-100 pt-4">
      <input type="hidden" name="intent" value="check-out" />
      <label htmlFor="check-out-note" className="block text-sm font-medium text-stone-800">
        Note for the owner (optional)
      </label>
      <textarea
        id="check-out-note"
        name="note"
        maxLength={maxVisitNoteLength}
        rows={3}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? 'check-out-refusal' : undefined}
        className={textControlClass}
      />
      <FormRefusal id="check-out-refusal" message={refusal} />
      <button
        type="submit"
        disabled={checkingOut}
        className={primaryButtonClass}
      >
        Check out
      </button>
    </Form>
  )
}
