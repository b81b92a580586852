import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, href } from 'react-router'
import type { Route } from './+types/dog-new'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { isOwnerAndSitter } from '#app/features/accounts/roles.ts'
import { DogForm, type DogFormActionData } from '#app/features/dogs/components/dog-form.tsx'
import { stageDogFormPhotos } from '#app/features/dogs/dog-form-photos.server.ts'
import { becameBothParam } from '#app/features/dogs/components/owner-and-sitter-notice.tsx'
import { addDog } from '#app/features/dogs/dogs.server.ts'
import { DogFieldsSchema, DogFormSchema } from '#app/features/dogs/schema.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { Page } from '#app/ui/page.tsx'

// /dogs/add and /dogs/new (DESIGN.md ruling 13: the same screen): the add-dog form of spec section 2.

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireUser({ context, url })
  return { constraint: getZodConstraint(DogFieldsSchema) }
}

const errorAdding: ToastInput = {
  type: 'error',
  title: 'Error adding dog',
  description: 'There was a problem adding your dog. Please try again.',
}

/** A refused form shows its field errors and the summary; only a real failure adds the 'Error adding dog' toast. */
type ActionData = DogFormActionData & { toast?: ToastInput }

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const upload = await readMultipartFormOrError(request, { maxFiles: 10 })
  if (!upload.ok) return data<ActionData>({ photoErrors: [upload.error.message] }, upload.error.status)
  const photos = await stageDogFormPhotos(user.id, upload.form, 0)
  const submission = parseWithZod(upload.form.fields, { schema: DogFormSchema })
  // A kept photo's Remove button (no JavaScript): the same form again, with what was typed and without that photo.
  if (photos.removedOne) return data<ActionData>({ result: { initialValue: submission.reply().initialValue }, photos: photos.photos })
  if (submission.status !== 'success' || photos.problems.length) {
    return data<ActionData>({ result: submission.reply(), photos: photos.photos, photoErrors: photos.problems }, 400)
  }
  let outcome: Awaited<ReturnType<typeof addDog>>
  try {
    outcome = await addDog(user.id, submission.value, { pendingTokens: photos.photos.map(({ token }) => token) })
  } catch (error) {
    console.error('Adding a dog failed:', error)
    return data<ActionData>({ result: submission.reply(), photos: photos.photos, toast: errorAdding }, 500)
  }
  if (!outcome.ok) {
    const photoErrors = outcome.field === 'images' ? [outcome.message] : undefined
    return data<ActionData>(
      { result: submission.reply({ formErrors: photoErrors ? [] : [outcome.message] }), photos: photos.photos, photoErrors },
      outcome.status,
    )
  }
  if (outcome.roleBecame && isOwnerAndSitter(outcome.roleBecame)) {
    // Ruling 2 lets a sitter own dogs; the dog's page says what changed (OwnerAndSitterNotice).
    return redirectWithToast(`${href('/dogs/:id', { id: outcome.dog.id })}?${becameBothParam}`, {
      type: 'success',
      title: 'Dog added',
      description: 'Your account is now Owner & Sitter.',
    })
  }
  return redirectWithToast(href('/dogs/:id', { id: outcome.dog.id }), { type: 'success', title: 'Dog added' })
}

export default function AddDogRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Page width="regular" className="space-y-6" toast={actionData?.toast}>
      <header>
        <h1 className="text-2xl font-bold">Add a Dog</h1>
        <p className="text-stone-600">Tell sitters about your furry friend.</p>
      </header>
      <DogForm
        id="add-dog"
        constraint={loaderData.constraint}
        actionData={actionData}
        submitLabel="Add Dog"
        cancelTo={`${href('/profile')}?tab=dogs`}
      />
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Add a Dog | Pawpal' }]
