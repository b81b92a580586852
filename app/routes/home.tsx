import { href, Link } from 'react-router'
import type { Route } from './+types/home'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { bookingsPathFor } from '#app/features/bookings/bookings-path.ts'
import { ProfileToDoList } from '#app/features/profiles/components/profile-to-do-list.tsx'
import { profileToDoFor } from '#app/features/profiles/profile-to-do.server.ts'
import { hasRole, isSitterOnly, isSitterRole } from '#app/features/accounts/roles.ts'
import { listComingUpCards } from '#app/features/bookings/booking-reads.server.ts'
import { countOpenReports } from '#app/features/moderation/reports.server.ts'
import { BookingCard, BookingCardList } from '#app/features/bookings/components/booking-card.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import { PawIcon } from '#app/ui/icons.tsx'
import { useRootData } from '#app/root.tsx'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { Page } from '#app/ui/page.tsx'

// '/' (spec section 2: the bookings dashboard): for a signed-in user, what their profile still lacks, their next
// accepted bookings on either side they take (the one under way first), and the ways to the rest of the app, with
// what waits there; for an admin, the ways into the console and how many reports wait (decision 102); for a
// visitor, a welcome.

export async function loader({ context }: Route.LoaderArgs) {
  const user = getOptionalUser(context)
  if (!user) return { user: null }
  if (hasRole(user, 'admin')) return { user: { firstName: firstNameOf(user.name), role: user.role }, openReports: await countOpenReports() }
  const sides = parties.filter((side) => hasRole(user, side))
  const [profileToDo, comingUp] = await Promise.all([profileToDoFor(user), sides.length > 0 ? listComingUpCards(user.id, sides) : null])
  return {
    user: { firstName: firstNameOf(user.name), role: user.role },
    profileToDo,
    comingUp,
    today: localDateTime(Date.now(), user.timeZone).date,
  }
}

const parties = ['owner', 'sitter'] as const

const firstNameOf = (name: string) => name.split(' ')[0] ?? name

type ComingUpCard = NonNullable<Route.ComponentProps['loaderData']['comingUp']>[number]

export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  // The root loader already counts unread messages and requests to answer for the navigation's badges.
  const counts = useRootData()?.badgeCounts
  const unreadCount = counts?.unreadMessages ?? 0
  const toAnswer = counts?.requestsToAnswer ?? 0
  if (!loaderData.user) return <Welcome />
  if (loaderData.openReports !== undefined) return <AdminHome firstName={loaderData.user.firstName} openReports={loaderData.openReports} />
  const { user, profileToDo = [], comingUp, today } = loaderData
  const bookingsPath = bookingsPathFor(user.role)
  const findSitter = { to: href('/map'), title: 'Find a sitter', text: 'Sitters and walkers near you, on a map or in a list.' }
  const dogsToWalk = { to: href('/dogs/available'), title: 'Dogs to walk', text: 'Dogs near you whose owners look for a sitter.' }
  // What the user comes for first: an owner a sitter, a sitter who is not an owner the dogs to walk.
  const finding = isSitterOnly(user.role) ? [dogsToWalk] : isSitterRole(user.role) ? [findSitter, dogsToWalk] : [findSitter]
  const shortcuts = [
    ...finding,
    { to: bookingsPath, title: 'Bookings', text: toAnswer > 0 ? `${toAnswer} to answer` : 'Requests, upcoming walks and past care.' },
    {
      to: href('/messages'),
      title: 'Messages',
      text: unreadCount > 0 ? `${unreadCount} unread` : 'Chat with owners and sitters.',
    },
    { to: href('/profile'), title: 'Profile', text: 'Your details, dogs and services.' },
  ]
  return (
    <Page width="regular" className="space-y-6">
      <Greeting firstName={user.firstName} />
      <ProfileToDoList items={profileToDo} />
      {comingUp ? <ComingUp bookings={comingUp} bookingsPath={bookingsPath} sitterOnly={isSitterOnly(user.role)} today={today} /> : null}
      <Shortcuts shortcuts={shortcuts} />
    </Page>
  )
}

/** An admin has no bookings or conversations (decision 102): their home leads into the console. */
function AdminHome({ firstName, openReports }: { firstName: string; openReports: number }) {
  const shortcuts = [
    { to: href('/admin'), title: 'Reports', text: openReports === 0 ? 'No open reports.' : `${openReports} open ${openReports === 1 ? 'report' : 'reports'}, oldest first.` },
    { to: href('/admin/users'), title: 'Users', text: 'Find an account, warn or suspend it.' },
    { to: href('/admin/audit'), title: 'Audit log', text: 'Every admin action and every read of a report.' },
    { to: href('/map'), title: 'Find a sitter', text: 'The listings as owners see them, on a map or in a list.' },
    { to: href('/profile'), title: 'Profile', text: 'Your name, photo and contact details.' },
  ]
  return (
    <Page width="regular" className="space-y-6">
      <Greeting firstName={firstName} />
      <Shortcuts shortcuts={shortcuts} />
    </Page>
  )
}

function Greeting({ firstName }: { firstName: string }) {
  return (
    <h1 className="text-2xl font-bold">
      Hi, <bdi>{firstName}</bdi>
    </h1>
  )
}

function Shortcuts({ shortcuts }: { shortcuts: { to: string; title: string; text: string }[] }) {
  return (
    <ul className="grid gap-3">
      {shortcuts.map((shortcut) => (
        <li key={shortcut.title}>
          <Link to={shortcut.to} className="block rounded-xl border border-stone-200 bg-white p-4 hover:border-brand-600">
            <span className="font-semibold">{shortcut.title}</span>
            <span className="block text-sm text-stone-600">{shortcut.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

function ComingUp({ bookings, bookingsPath, sitterOnly, today }: { bookings: ComingUpCard[]; bookingsPath: string; sitterOnly: boolean; today: string }) {
  return (
    <section aria-labelledby="coming-up-heading" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="coming-up-heading" className="text-lg font-semibold">
          Coming up
        </h2>
        <Link to={bookingsPath} className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
          All bookings
        </Link>
      </div>
      {bookings.length === 0 ? (
        <EmptyState
          title="Nothing booked yet"
          description={sitterOnly ? 'Bookings you accept show here.' : 'Find a sitter and request your first walk.'}
        />
      ) : (
        <BookingCardList>
          {bookings.map(({ card, side }, index) => (
            <li key={card.id}>
              <BookingCard booking={card} viewer={side} discover={index === 0} today={today} />
            </li>
          ))}
        </BookingCardList>
      )}
    </section>
  )
}

function Welcome() {
  return (
    <Page width="narrow" centered className="gap-6 text-center">
      <PawIcon className="mx-auto size-14 text-brand-600" />
      <div>
        <h1 className="text-3xl font-bold">Pawpal</h1>
        <p className="mt-2 text-lg text-stone-600">Connect with dog lovers nearby</p>
      </div>
      <div className="grid gap-3">
        <Link to={href('/map')} className="rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800">
          Find a sitter
        </Link>
        <Link to={href('/register')} className="rounded-lg border border-stone-300 bg-white px-4 py-3 font-semibold hover:bg-stone-100">
          Join Pawpal
        </Link>
        <Link to={href('/login')} className="tap-target inline-flex items-center justify-center font-medium text-brand-700 underline underline-offset-4">
          Log in
        </Link>
      </div>
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Pawpal: dog sitters and walkers nearby' }]
