import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, isRouteErrorResponse, useNavigation } from 'react-router'
import type { Route } from './+types/dog-edit'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { DogForm, type DogFormActionData } from '#app/features/dogs/components/dog-form.tsx'
import { DogNotFound, GoBackLink } from '#app/features/dogs/components/dog-not-found.tsx'
import { deleteDog, deleteDogImage, type DogFailure, getOwnedDog, updateDog } from '#app/features/dogs/dogs.server.ts'
import { DeleteImageSchema, DogFieldsSchema, DogFormSchema, dogFormDefaults } from '#app/features/dogs/schema.ts'
import { imageUrl } from '#app/lib/image-url.ts'
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

type ActionData = DogFormActionData & { toast: ToastInput }

const errorUpdating = (description = "There was a problem updating your dog's profile. Please try again."): ToastInput => ({
  type: 'error',
  title: 'Error updating dog',
  description,
})

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
  if (!upload.ok) {
    return data<ActionData>({ photoError: upload.error.message, toast: errorUpdating(upload.error.message) }, upload.error.status)
  }
  const { fields, files } = upload.form
  const intent = fields.get('intent')

  if (intent === 'delete-image') {
    const submission = parseWithZod(fields, { schema: DeleteImageSchema })
    if (submission.status !== 'success') return data<ActionData>({ toast: errorDeletingImage }, 400)
    const outcome = await deleteDogImage(user.id, params.id, submission.value.imageUrl)
    if (!outcome.ok) {
      throwIfNotFound(outcome)
      return data<ActionData>({ toast: errorDeletingImage }, outcome.status)
    }
    return redirectWithToast(`/dogs/${params.id}/edit`, { type: 'success', title: 'Image deleted' })
  }

  if (intent === 'delete-dog') {
    const outcome = await deleteDog(user.id, params.id)
    if (!outcome.ok) {
      throwIfNotFound(outcome)
      return data<ActionData>({ toast: { type: 'error', title: 'Error deleting dog', description: outcome.message } }, outcome.status)
    }
    return redirectWithToast('/profile?tab=dogs', { type: 'success', title: 'Dog deleted' })
  }

  const submission = parseWithZod(fields, { schema: DogFormSchema })
  if (submission.status !== 'success') return data<ActionData>({ result: submission.reply(), toast: errorUpdating() }, 400)
  let outcome: Awaited<ReturnType<typeof updateDog>>
  try {
    outcome = await updateDog(user.id, params.id, submission.value, files.images ?? [])
  } catch (error) {
    console.error('Updating a dog failed:', error)
    return data<ActionData>({ result: submission.reply(), toast: errorUpdating() }, 500)
  }
  if (!outcome.ok) {
    throwIfNotFound(outcome)
    return data<ActionData>(
      {
        result: submission.reply(),
        photoError: outcome.field === 'images' ? outcome.message : undefined,
        toast: errorUpdating(outcome.message),
      },
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
        <GoBackLink fallback={`/dogs/${dog.id}`} className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
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
        existingPhotoCount={dog.images.length}
        submitLabel="Save changes"
        errorTitle="Error updating dog"
        cancelTo={`/dogs/${dog.id}`}
      >
        <SavedPhotos name={dog.name} images={dog.images} />
      </DogForm>
      {/* The photos' Delete buttons sit inside the dog form but submit this one (their `form` attribute). */}
      <Form id="delete-photo-form" method="post" encType="multipart/form-data" preventScrollReset>
        <input type="hidden" name="intent" value="delete-image" />
      </Form>
      <DeleteDog name={dog.name} />
    </Page>
  )
}

function SavedPhotos({ name, images }: { name: string; images: string[] }) {
  const navigation = useNavigation()
  const deleting = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'delete-image'
  if (images.length === 0) return null
  return (
    <ul className="grid grid-cols-3 gap-3">
      {images.map((path, index) => (
        <li key={path} className="space-y-1.5">
          <img
            src={imageUrl(path, 320)}
            alt={`${name}, photo ${index + 1}`}
            width={320}
            height={320}
            className="aspect-square w-full rounded-lg bg-stone-100 object-cover"
          />
          <Button
            type="submit"
            form="delete-photo-form"
            name="imageUrl"
            value={path}
            variant="secondary"
            disabled={deleting}
            aria-label={`Delete photo ${index + 1}`}
            className="tap-target w-full px-2 py-1.5 text-sm"
          >
            Delete
          </Button>
        </li>
      ))}
    </ul>
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
          Deleting {name} removes the profile and all photos. This cannot be undone. A dog with bookings cannot be deleted;
          you can turn off &lsquo;Listed for sitting&rsquo; instead.
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
