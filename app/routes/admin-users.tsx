import { Form, href, Link } from 'react-router'
import type { Route } from './+types/admin-users'
import { requireAdmin } from '#app/features/accounts/guards.server.ts'
import { RoleTag, StatusTag } from '#app/features/moderation/components/account-tags.tsx'
import { AdminHeader } from '#app/features/moderation/components/admin-nav.tsx'
import { findUsers, userSearchLimit } from '#app/features/moderation/admin-users.server.ts'
import { UserSearchQuerySchema } from '#app/features/moderation/schema.ts'
import { Button } from '#app/ui/button.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /admin/users?q= (issue 30): accounts whose name or e-mail contains q, newest first, each with its role and
// status and a link to its page. A GET form, so it works without JavaScript. Everyone but an admin: 404.

export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin({ context })
  const parsed = UserSearchQuerySchema.safeParse({ q: url.searchParams.get('q') ?? '' })
  const q = parsed.success ? parsed.data.q : ''
  return { q: parsed.success ? q : (url.searchParams.get('q') ?? ''), error: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not a search'), users: await findUsers(q), limit: userSearchLimit }
}

export default function AdminUsersRoute({ loaderData }: Route.ComponentProps) {
  const { q, error, users, limit } = loaderData
  return (
    <Page width="regular" className="flex flex-col gap-5">
      <AdminHeader current="users" title="Users" description="Find an account by name or e-mail." />
      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="user-search" className="mb-1 block text-sm font-medium text-stone-800">
            Name or e-mail
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={100}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'user-search-error' : undefined}
            className="tap-target w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <Button type="submit" className="tap-target">
          Search
        </Button>
      </Form>
      {error ? (
        <p id="user-search-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {q === '' || error ? (
        <EmptyState title="Search for a user" description="Type part of a name or an e-mail address." />
      ) : users.length === 0 ? (
        <EmptyState title="No users found" description={`No account has “${q}” in its name or e-mail.`} />
      ) : (
        <>
          <p className="text-sm text-stone-600" role="status">
            {users.length === limit ? `The first ${limit} matches, newest first: narrow the search to see others.` : `${users.length} ${users.length === 1 ? 'match' : 'matches'}`}
          </p>
          <ul aria-label="Users" className="divide-y divide-stone-100 overflow-hidden rounded-xl border border-stone-200 bg-white">
            {users.map((user) => (
              <li key={user.id}>
                <Link to={href('/admin/users/:id', { id: user.id })} className="flex min-h-11 flex-col gap-1 px-4 py-3 hover:bg-stone-50">
                  <span className="flex flex-wrap items-center gap-2">
                    <bdi className="font-semibold text-brand-800">{user.name}</bdi>
                    <RoleTag role={user.role} />
                    <StatusTag status={user.accountStatus} />
                  </span>
                  <span className="text-sm break-all text-stone-600">{user.email}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Users | Pawpal admin' }]
