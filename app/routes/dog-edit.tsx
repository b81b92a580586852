import { getZodConstraint } from '@conform-to/zod/v4'
import { useMemo } from 'react'
import { data, Form, href, isRouteErrorResponse, useNavigation } from 'react-router'
import type { Route } from './+types/dog-edit'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { dogBookingState } from '#app/features/bookings/dog-bookings.server.ts'
import { DogForm } from '#app/features/dogs/components/dog-form.tsx'
import {
  deleteSavedDogPhoto,
  type DogFormAnswer,
  type DogFormShown,
  isDogNotFound,
  submitEditDogForm,
} from '#app/features/dogs/dog-form.server.ts'
import { deleteDog, getOwnedDog } from '#app/features/dogs/dogs.server.ts'
import { DogFieldsSchema, dogFormDefaults } from '#app/features/dogs/schema.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { Button } from '#app/ui/button.tsx'
import { GoBackLink } from '#app/ui/go-back-link.tsx'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /dogs/{id}/edit ('Edit Rex's Profile', spec section 2, Dog forms): the dog form with its saved photos
// (each with Delete), and deleting the dog behind a confirmation. Only the owner gets past the loader;
// anyone else sees 'Dog not found' with status 404.

// The error screens load in the browser only when shown (app/ui/shown-later.tsx).
const DogNotFound = shownLater(() => import('#app/features/dogs/components/dog-not-found.tsx').then((m) => m.DogNotFound))
const ErrorState = shownLater(() => import('#app/ui/data-states.tsx').then((m) => m.ErrorState))

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

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const upload = await readMultipartFormOrError(request, { maxFiles: 10 })
  if (!upload.ok) return data<DogFormAnswer>({ photoErrors: [upload.error.message] }, upload.error.status)
  const { fields } = upload.form
  if (fields.has('imageUrl')) return formAnswer(await deleteSavedDogPhoto(user.id, params.id, upload.form))

  if (fields.get('intent') === 'delete-dog') {
    const outcome = await deleteDog(user.id, params.id, dogBookingState)
    if (!outcome.ok) {
      if (isDogNotFound(outcome)) throw data(null, { status: 404 })
      return data<DogFormAnswer>({ toast: { type: 'error', title: 'Error deleting dog', description: outcome.message } }, outcome.status)
    }
    return redirectWithToast(
      `${href('/profile')}?tab=dogs`,
      outcome.archived
        ? { type: 'success', title: 'Dog archived', description: 'It stays on its past bookings and is hidden everywhere else.' }
        : { type: 'success', title: 'Dog deleted' },
    )
  }

  const outcome = await submitEditDogForm(user.id, params.id, upload.form)
  if (outcome.kind !== 'saved') return formAnswer(outcome)
  return redirectWithToast(href('/dogs/:id', { id: outcome.dog.id }), { type: 'success', title: 'Dog updated' })
}

/** The form again with what the submit changed, or 'Dog not found' (404). */
function formAnswer(outcome: DogFormShown) {
  if (outcome.kind === 'not-found') throw data(null, { status: 404 })
  return data<DogFormAnswer>(outcome.answer, outcome.status)
}

export default function EditDogRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { dog, defaultValue } = loaderData
  // The same array while the dog is the same: the photo picker shown later re-renders only when it changes.
  const savedPhotos = useMemo(
    () =>
      dog.images.map((path, index) => ({
        path,
        alt: `${dog.name}, photo ${index + 1}`,
        remove: { label: `Delete photo ${index + 1}`, name: 'imageUrl', value: path },
      })),
    [dog],
  )
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
        savedPhotos={savedPhotos}
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
          Deleting <bdi>{name}</bdi> removes the profile and all photos. This cannot be undone. If <bdi>{name}</bdi> has past bookings, the
          profile is archived instead: hidden from your dogs and from new bookings, and kept on those bookings. While a
          booking is pending or accepted, cancel it first.
        </p>
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="delete-dog" />
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? (
              'Deleting...'
            ) : (
              <>
                Yes, delete <bdi>{name}</bdi>
              </>
            )}
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
