import { type FormEvent, useState } from 'react'
import { Form, useNavigation, useSubmit } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { positionUnavailableField } from '../visit-form-fields.ts'
import { FormRefusal } from './form-refusal.tsx'

// The sitter's check-in (issue 32). The position is shared only with JavaScript and only when the sitter ticks
// the box for this check-in; the server keeps no more than 'at the place' or 'elsewhere' and a distance. A phone
// that refuses or takes longer than 10 s checks in without it.

const checkInPositionOptions: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 }

function currentPosition(): Promise<GeolocationCoordinates | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null)
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve(coords),
      () => resolve(null),
      checkInPositionOptions,
    )
  })
}

export function CheckInForm({ refusal }: { refusal: string | null }) {
  const hydrated = useHydrated()
  const submit = useSubmit()
  const navigation = useNavigation()
  const [sharePosition, setSharePosition] = useState(false)
  const [locating, setLocating] = useState(false)
  const submitting = locating || (navigation.state === 'submitting' && navigation.formData?.get('intent') === 'check-in')

  async function checkInWithPosition(event: FormEvent<HTMLFormElement>) {
    if (!sharePosition) return
    event.preventDefault()
    const formData = new FormData(event.currentTarget)
    setLocating(true)
    const coords = await currentPosition()
    setLocating(false)
    if (coords) {
      formData.set('latitude', String(coords.latitude))
      formData.set('longitude', String(coords.longitude))
    } else {
      formData.set(positionUnavailableField, 'yes')
    }
    await submit(formData, { method: 'post', preventScrollReset: true })
  }

  return (
    <Form method="post" preventScrollReset onSubmit={(event) => void checkInWithPosition(event)} className="space-y-3" aria-describedby={refusal ? 'check-in-refusal' : undefined}>
      <input type="hidden" name="intent" value="check-in" />
      {hydrated ? (
        <label className="tap-target flex items-center gap-3 text-stone-800">
          <input type="checkbox" checked={sharePosition} onChange={(event) => setSharePosition(event.target.checked)} className="size-5 accent-brand-700" />
          Share my position for this check-in
        </label>
      ) : null}
      <p className="text-sm text-stone-600">
        {hydrated && sharePosition ? 'The owner sees only whether you are at the meeting place, or how far from it.' : 'No position is shared: the owner sees the time of your check-in.'}
      </p>
      <FormRefusal id="check-in-refusal" message={refusal} />
      <Button type="submit" disabled={submitting} className="tap-target w-full sm:w-auto">
        {locating ? 'Finding your position...' : 'Check in'}
      </Button>
    </Form>
  )
}
