import { href, redirect } from 'react-router'
import type { Route } from './+types/logout'
import { dropStoredPages, endSession } from '#app/features/accounts/sign-in.server.ts'
import { createToastHeaders } from '#app/lib/toast.server.ts'

// Logout is a POST (a link must never change data); visiting /logout just goes home.
export function loader() {
  return redirect(href('/'))
}

export async function action({ request }: Route.ActionArgs) {
  const headers = await createToastHeaders({
    type: 'success',
    title: 'Logged out successfully',
    description: 'You have been logged out of your account',
  })
  headers.append('set-cookie', await endSession(request))
  headers.set(...dropStoredPages)
  return redirect(href('/login'), { headers })
}
