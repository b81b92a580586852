import { href } from 'react-router'
import type { Route } from './+types/profile'
import { DogsTab, ProfileHeader, ProfileTab, ServicesTab } from '#app/features/profiles/components/profile-sections.tsx'
import { ProfileLoadError } from '#app/features/profiles/components/profile-load-error.tsx'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { getOwnProfile } from '#app/features/profiles/profile.server.ts'
import { isOwnerRole, isSitterRole, takesPartInBookings } from '#app/features/accounts/roles.ts'
import { calendarFeedUrlOf, rotateCalendarFeed } from '#app/features/calendar/calendar-feed.server.ts'
import { CalendarFeedSection, newCalendarLinkIntent } from '#app/features/calendar/components/calendar-feed-section.tsx'
import { listDogsOf } from '#app/features/dogs/dogs.server.ts'
import { HomeAccessLink } from '#app/features/home-access/components/home-access-link.tsx'
import { PushSwitch } from '#app/features/push/components/push-switch.tsx'
import type { Role } from '#app/lib/db-schema.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { formatLongDate } from '#app/lib/zoned-time.ts'
import { LinkTabs } from '#app/ui/link-tabs.tsx'
import { Page } from '#app/ui/page.tsx'

// /profile: the signed-in user's own profile (spec section 2, Profile). Tabs are links (?tab=), so
// they work without JavaScript.

const tabLabels = { profile: 'Profile', dogs: 'My Dogs', services: 'My Services' } as const
type Tab = keyof typeof tabLabels

/** Profile for everyone; My Dogs for owners, My Services for sitters, both for role both. */
function tabsFor(role: Role): Tab[] {
  return ['profile', ...(isOwnerRole(role) ? ['dogs' as const] : []), ...(isSitterRole(role) ? ['services' as const] : [])]
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const profile = await getOwnProfile(user.id)
  const tabs = tabsFor(profile.role)
  const asked = url.searchParams.get('tab')
  const tab = tabs.find((candidate) => candidate === asked) ?? 'profile'
  const dogs = tab === 'dogs' ? await listDogsOf(user.id) : []
  // An admin has no bookings for a calendar and is told of reports only here, never by push (decision 102).
  const staff = !takesPartInBookings(profile.role)
  const calendarFeedUrl = tab === 'profile' && !staff ? await calendarFeedUrlOf(user.id) : null
  // Read on the server: in the browser, reading the zone would make an Intl object while the page hydrates (decisions 120, 122).
  const memberSince = formatLongDate(profile.createdAt)
  return { profile, memberSince, tabs, tab, dogs, calendarFeedUrl, pushSwitch: tab === 'profile' && !staff }
}

/** 'Get a new link': the calendar feed's old link stops working. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const form = await request.formData()
  if (form.get('intent') !== newCalendarLinkIntent) {
    return redirectWithToast(href('/profile'), { type: 'error', title: 'Nothing changed', description: 'That request is not known here.' })
  }
  await rotateCalendarFeed(user.id)
  return redirectWithToast(href('/profile'), {
    type: 'success',
    title: 'New calendar link',
    description: 'The old link no longer works: subscribe to the new one.',
  })
}

export default function ProfileRoute({ loaderData }: Route.ComponentProps) {
  const { profile, memberSince, tabs, tab, dogs, calendarFeedUrl, pushSwitch } = loaderData
  return (
    <Page width="regular" className="space-y-4">
      <ProfileHeader profile={profile} />
      <LinkTabs
        label="Profile sections"
        tabs={tabs.map((value) => ({ value, label: tabLabels[value] }))}
        current={tab}
        hrefFor={(value) => `${href('/profile')}?${new URLSearchParams({ tab: value })}`}
      />
      {tab === 'dogs' ? <DogsTab dogs={dogs} /> : tab === 'services' ? <ServicesTab sitter={profile.sitter} /> : <ProfileTab profile={profile} memberSince={memberSince} />}
      {pushSwitch ? <PushSwitch look="card" /> : null}
      {calendarFeedUrl ? <CalendarFeedSection url={calendarFeedUrl} /> : null}
      {tab === 'profile' && isOwnerRole(profile.role) ? <HomeAccessLink /> : null}
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'My Profile | Pawpal' }]

export function ErrorBoundary() {
  return <ProfileLoadError />
}
