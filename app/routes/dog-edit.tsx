import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, isRouteErrorResponse, useNavigation } from 'react-router'
import type { Route } from './+types/dog-edit'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { dogBookingState } from '#app/features/bookings/dog-bookings.server.ts'
import { DogForm, type DogFormActionData } from '#app/features/dogs/components/dog-form.tsx'
import { DogNotFound, GoBackLink } from '#app/features/dogs/components/dog-not-found.tsx'
import { stageDogFormPhotos } from '#app/features/dogs/dog-form-photos.server.ts'
import { deleteDog, deleteDogImage, type DogFailure, getOwnedDog, updateDog } from '#app/features/dogs/dogs.server.ts'
import { DeleteImageSchema, DogFieldsSchema, DogFormSchema, dogFormDefaults } from '#app/features/dogs/schema.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { Button } from '#app/ui/button.tsx'
import { ErrorState } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /dogs/{id}/edit ('Edit Rex's Profile', spec section 2, Dog forms): the dog form with its saved photos
// (each with Delete), and deleting the dog behind a confirmation. Only the owner gets past the loader;
// anyone else sees 'Dog not found' with status 404.

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const dog = await getOwnedDog(user.id, params.id)
  if (!dog) throw data(null, { status: 404 })
  return {
    dog: { id: dog.id, name: dog.name, images: dog.images },
    defaultValue: dogFormDefaults(dog),
    constraint: getZodConstraint(DogFieldsSchema),
  }
}

/** A refused form shows its field errors and the summary; only real failures add a toast. */
type ActionData = DogFormActionData & { toast?: ToastInput }

const errorUpdating: ToastInput = {
  type: 'error',
  title: 'Error updating dog',
  description: "There was a problem updating your dog's profile. Please try again.",
}

const errorDeletingImage: ToastInput = {
  type: 'error',
  title: 'Error deleting image',
  description: 'Something went wrong while deleting the image.',
}

/** 'Dog not found' is the not-found screen (404), whatever was being done. */
function throwIfNotFound(failure: DogFailure) {
  if (failure.status === 404 && failure.field === undefined) throw data(null, { status: 404 })
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const upload = await readMultipartFormOrError(request, { maxFiles: 10 })
  if (!upload.ok) return data<ActionData>({ photoErrors: [upload.error.message] }, upload.error.status)
  const { fields } = upload.form
  const intent = fields.get('intent')

  // A saved photo's Delete button posts the whole form, so what was typed and the new photos come back.
  if (fields.has('imageUrl')) {
    const submission = parseWithZod(fields, { schema: DeleteImageSchema })
    const outcome = submission.status === 'success' ? await deleteDogImage(user.id, params.id, submission.value.imageUrl) : null
    if (outcome && !outcome.ok) throwIfNotFound(outcome)
    const dog = outcome?.ok ? outcome.dog : await getOwnedDog(user.id, params.id)
    if (!dog) throw data(null, { status: 404 })
    const photos = await stageDogFormPhotos(user.id, upload.form, dog.images.length)
    const typed = { initialValue: parseWithZod(fields, { schema: DogFormSchema }).reply().initialValue }
    const deleted = outcome?.ok === true
    return data<ActionData>(
      {
        result: typed,
        photos: photos.photos,
        photoErrors: photos.problems,
        toast: deleted ? { type: 'success', title: 'Image deleted' } : errorDeletingImage,
      },
      deleted ? 200 : (outcome?.status ?? 400),
    )
  }

  if (intent === 'delete-dog') {
    const outcome = await deleteDog(user.id, params.id, dogBookingState)
    if (!outcome.ok) {
      throwIfNotFound(outcome)
      return data<ActionData>({ toast: { type: 'error', title: 'Error deleting dog', description: outcome.message } }, outcome.status)
    }
    return redirectWithToast(
      '/profile?tab=dogs',
      outcome.archived
        ? { type: 'success', title: 'Dog archived', description: 'It stays on its past bookings and is hidden everywhere else.' }
        : { type: 'success', title: 'Dog deleted' },
    )
  }

  const dog = await getOwnedDog(user.id, params.id)
  if (!dog) throw data(null, { status: 404 })
  const photos = await stageDogFormPhotos(user.id, upload.form, dog.images.length)
  const submission = parseWithZod(fields, { schema: DogFormSchema })
  // A kept photo's Remove button (no JavaScript): the same form again, with what was typed and without that photo.
  if (photos.removedOne) return data<ActionData>({ result: { initialValue: submission.reply().initialValue }, photos: photos.photos })
  if (submission.status !== 'success' || photos.problems.length) {
    return data<ActionData>({ result: submission.reply(), photos: photos.photos, photoErrors: photos.problems }, 400)
  }
  let outcome: Awaited<ReturnType<typeof updateDog>>
  try {
    outcome = await updateDog(user.id, dog.id, submission.value, { pendingTokens: photos.photos.map(({ token }) => token) })
  } catch (error) {
    console.error('Updating a dog failed:', error)
    return data<ActionData>({ result: submission.reply(), photos: photos.photos, toast: errorUpdating }, 500)
  }
  if (!outcome.ok) {
    throwIfNotFound(outcome)
    const photoErrors = outcome.field === 'images' ? [outcome.message] : undefined
    return data<ActionData>(
      { result: submission.reply({ formErrors: photoErrors ? [] : [outcome.message] }), photos: photos.photos, photoErrors },
      outcome.status,
    )
  }
  return redirectWithToast(`/dogs/${outcome.dog.id}`, { type: 'success', title: 'Dog updated' })
}

export default function EditDogRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { dog, defaultValue } = loaderData
  return (
    <Page width="regular" className="space-y-6" toast={actionData?.toast}>
      <header className="space-y-2">
        <GoBackLink fallback={href('/dogs/:id', { id: dog.id })} className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
          Back
        </GoBackLink>
        <h1 className="text-2xl font-bold">Edit {dog.name}&apos;s Profile</h1>
      </header>
      <DogForm
        key={dog.id}
        id="edit-dog"
        constraint={loaderData.constraint}
        actionData={actionData}
        defaultValue={defaultValue}
        savedPhotos={dog.images.map((path, index) => ({
          path,
          alt: `${dog.name}, photo ${index + 1}`,
          remove: { label: `Delete photo ${index + 1}`, name: 'imageUrl', value: path },
        }))}
        submitLabel="Save changes"
        cancelTo={href('/dogs/:id', { id: dog.id })}
      />
      <DeleteDog name={dog.name} />
    </Page>
  )
}

function DeleteDog({ name }: { name: string }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete-dog'
  return (
    <details className="rounded-2xl border border-red-200 bg-white">
      <summary className="tap-target cursor-pointer px-5 py-2.5 font-medium text-red-700">Delete Dog</summary>
      <div className="space-y-3 px-5 pb-5">
        <p className="text-stone-700">
          Deleting {name} removes the profile and all photos. This cannot be undone. If {name} has past bookings, the
          profile is archived instead: hidden from your dogs and from new bookings, and kept on those bookings. While a
          booking is pending or accepted, cancel it first.
        </p>
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="delete-dog" />
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? 'Deleting...' : `Yes, delete ${name}`}
          </Button>
        </Form>
      </div>
    </details>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Edit ${loaderData.dog.name}'s Profile | Pawpal` : 'Dog not found | Pawpal' },
]

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <DogNotFound />
  if (!isRouteErrorResponse(error)) console.error(error)
  return (
    <Page width="narrow">
      <ErrorState title="Error loading dog details" message="There was a problem loading the dog information." />
    </Page>
  )
}
