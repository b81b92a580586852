import { getZodConstraint } from '@conform-to/zod/v4'
import { data, href } from 'react-router'
import type { Route } from './+types/dog-new'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { isOwnerAndSitter } from '#app/features/accounts/roles.ts'
import { DogForm } from '#app/features/dogs/components/dog-form.tsx'
import { type DogFormAnswer, submitAddDogForm } from '#app/features/dogs/dog-form.server.ts'
import { becameBothParam } from '#app/features/dogs/components/owner-and-sitter-notice.tsx'
import { DogFieldsSchema } from '#app/features/dogs/schema.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { Page } from '#app/ui/page.tsx'

// /dogs/add and /dogs/new (DESIGN.md ruling 13: the same screen): the add-dog form of spec section 2.

export async function loader({ context, url }: Route.LoaderArgs) {
  await requireMember({ context, url })
  return { constraint: getZodConstraint(DogFieldsSchema) }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  const upload = await readMultipartFormOrError(request, { maxFiles: 10 })
  if (!upload.ok) return data<DogFormAnswer>({ photoErrors: [upload.error.message] }, upload.error.status)
  const outcome = await submitAddDogForm(user.id, upload.form)
  if (outcome.kind === 'not-found') throw data(null, { status: 404 })
  if (outcome.kind === 'shown') return data<DogFormAnswer>(outcome.answer, outcome.status)
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
