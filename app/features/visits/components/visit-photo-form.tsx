import { Form, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { FormRefusal } from './form-refusal.tsx'

/** A photo taken there and then: the phone opens its camera; the server strips the picture's metadata and stamps its own time. */
export function VisitPhotoForm({ refusal, dailyUpdates }: { refusal: string | null; dailyUpdates: boolean }) {
  const navigation = useNavigation()
  const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'visit-photo'
  return (
    <Form method="post" encType="multipart/form-data" preventScrollReset className="space-y-2">
      <input type="hidden" name="intent" value="visit-photo" />
      <label htmlFor="visit-photo" className="block text-sm font-medium text-stone-800">
        Photo
      </label>
      <input
        id="visit-photo"
        type="file"
        name="photo"
        accept="image/*"
        capture="environment"
        required
        aria-invalid={refusal ? true : undefined}
        aria-describedby={refusal ? 'visit-photo-refusal visit-photo-hint' : 'visit-photo-hint'}
        className="tap-target block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:font-medium"
      />
      <p id="visit-photo-hint" className="text-sm text-stone-600">
        {dailyUpdates ? 'A photo each day by 20:00 is the daily update. ' : ''}Up to 10 photos a visit, under 5 MB each.
      </p>
      <FormRefusal id="visit-photo-refusal" message={refusal} />
      <Button type="submit" variant="secondary" disabled={uploading} className="tap-target">
        {uploading ? 'Adding photo...' : 'Add photo'}
      </Button>
    </Form>
  )
}
