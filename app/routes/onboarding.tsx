import { data, Form, href, Link, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/onboarding'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { chooseRole } from '#app/features/profiles/onboarding.server.ts'
import { Button } from '#app/ui/button.tsx'
import { PawIcon } from '#app/ui/icons.tsx'
import { Page } from '#app/ui/page.tsx'

// The role screen (spec section 2, Role screen): Dog Owner (default) or Dog Sitter.
export const handle = { bottomNav: false }

export async function loader(args: Route.LoaderArgs) {
  await requireMember(args)
  return null
}

export async function action(args: Route.ActionArgs) {
  const user = await requireMember(args)
  const choice = (await args.request.formData()).get('role')
  if (choice !== 'owner' && choice !== 'sitter') {
    return data(
      { toast: { type: 'error' as const, title: 'Operation failed', description: 'Please choose Dog Owner or Dog Sitter.' } },
      400,
    )
  }
  await chooseRole(user.id, choice)
  // Spec section 2, Role screen: the first step's URL carries the profile photo (empty when there is none).
  return redirect(`${href('/onboarding/:flow/:step?', { flow: choice, step: '1' })}?${new URLSearchParams({ photo: user.profilePhoto ?? '' })}`)
}

const roles = [
  { value: 'owner', title: 'Dog Owner', text: 'Find trusted sitters and walkers for your dog.' },
  { value: 'sitter', title: 'Dog Sitter', text: 'Offer walks and care to dogs near you.' },
] as const

export default function RoleRoute({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== 'idle'
  return (
    <Page width="narrow" centered className="gap-6" toast={actionData?.toast}>
      <div className="text-center">
        <PawIcon className="mx-auto size-10 text-brand-600" />
        <h1 className="mt-2 text-2xl font-bold">How would you like to join us?</h1>
        <p className="text-stone-600">Connect with dog lovers nearby</p>
      </div>
      <Form method="post" className="space-y-4">
        <fieldset className="grid gap-3">
          <legend className="sr-only">Your role</legend>
          {roles.map((role) => (
            <label
              key={role.value}
              className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-stone-200 bg-white p-4 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input type="radio" name="role" value={role.value} defaultChecked={role.value === 'owner'} className="mt-1 accent-brand-700" />
              <span>
                <span className="block font-semibold">{role.title}</span>
                <span className="block text-sm text-stone-600">{role.text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? 'Loading...' : 'Continue'}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to={href('/login')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
          Already have an account?
        </Link>
      </p>
    </Page>
  )
}

export const meta = () => [{ title: 'Join Pawpal' }]
