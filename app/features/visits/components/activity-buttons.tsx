import { Form, useNavigation } from 'react-router'
import { activityKinds, entryLabels } from '../visit-rules.ts'
import { FormRefusal } from './form-refusal.tsx'

/** One tap logs an activity with the server's time: one form, a button for each kind. */
export function ActivityButtons({ refusal }: { refusal: string | null }) {
  const navigation = useNavigation()
  const logging = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'visit-entry'
  return (
    <Form method="post" preventScrollReset className="space-y-2">
      <input type="hidden" name="intent" value="visit-entry" />
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-800">Log an activity</legend>
        <div className="grid grid-cols-3 gap-2">
          {activityKinds.map((kind) => (
            <button
              key={kind}
              type="submit"
              name="kind"
              value={kind}
              disabled={logging}
              className="tap-target rounded-lg border border-stone-300 bg-white px-2 py-2.5 font-medium text-stone-900 hover:bg-stone-100 disabled:text-stone-400"
            >
              {entryLabels[kind]}
            </button>
          ))}
        </div>
      </fieldset>
      <FormRefusal id="visit-entry-refusal" message={refusal} />
    </Form>
  )
}
