import { Form, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import type { VisitFormRefusal } from '../visit-form-fields.ts'
import { VisitNoteField } from './visit-note-field.tsx'

/** Closes the visit into its report card, with an optional note for the owner. */
export function CheckOutForm({ refusal }: { refusal: VisitFormRefusal | null }) {
  const navigation = useNavigation()
  const checkingOut = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'check-out'
  return (
    <Form method="post" preventScrollReset className="space-y-2 border-t border-stone-100 pt-4">
      <input type="hidden" name="intent" value="check-out" />
      <VisitNoteField id="check-out-note" label="Note for the owner (optional)" rows={3} refusal={refusal} />
      <Button type="submit" disabled={checkingOut} className="tap-target w-full sm:w-auto">
        Check out
      </Button>
    </Form>
  )
}
