import { Form, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import type { VisitFormRefusal } from '../visit-form-fields.ts'
import { VisitNoteField } from './visit-note-field.tsx'

/** A note in the log, with the server's time. */
export function VisitNoteForm({ refusal }: { refusal: VisitFormRefusal | null }) {
  const navigation = useNavigation()
  const adding = navigation.state === 'submitting' && navigation.formData?.get('kind') === 'note'
  return (
    <Form method="post" preventScrollReset className="space-y-2">
      <input type="hidden" name="intent" value="visit-entry" />
      <input type="hidden" name="kind" value="note" />
      <VisitNoteField id="visit-note" label="Note" rows={2} required refusal={refusal} />
      <Button type="submit" variant="secondary" disabled={adding} className="tap-target">
        Add note
      </Button>
    </Form>
  )
}
