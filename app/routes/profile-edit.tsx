import { getZodConstraint } from '@conform-to/zod/v4'
import { data, href, Link } from 'react-router'
import type { Route } from './+types/profile-edit'
import type { ProfileFormData } from '#app/features/profiles/components/profile-form.tsx'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { profileFormDefaults } from '#app/features/profiles/profile-form-defaults.ts'
import { type EditProfileAnswer, refusedUploadAnswer, submitEditProfileForm } from '#app/features/profiles/profile-edit-form.server.ts'
import { EditProfileFieldsSchema } from '#app/features/profiles/profile-schema.ts'
import { getOwnProfile } from '#app/features/profiles/profile.server.ts'
import { isSitterRole, takesPartInBookings } from '#app/features/accounts/roles.ts'
import { submitBlockedDay } from '#app/features/availability/blocked-day-form.server.ts'
import { blockDayIntent, blockedDaysSectionId } from '#app/features/availability/blocked-day-form.ts'
import { getSitterCalendar } from '#app/features/availability/sitter-calendar.server.ts'
import { maxGalleryPhotos } from '#app/features/sitters/gallery-fields.ts'
import { listGalleryPhotos } from '#app/features/sitters/gallery.server.ts'
import { notificationSettingsId, notificationSettingsIntent } from '#app/features/notification-settings/settings-form.ts'
import { getNotificationSettings } from '#app/features/notification-settings/preferences.server.ts'
import { submitNotificationSettings } from '#app/features/notification-settings/settings-form.server.ts'
import { env } from '#app/lib/env.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /profile/edit (spec section 2, Edit profile): one form with the profile photo and the profile fields
// (profiles/components/profile-form.tsx; its submits: profiles/profile-edit-form.server.ts).
// The notification settings and a sitter's blocked days sit below the form, in forms of their own (the
// blocked days in the same calendar as /bookings-sitter).

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const profile = await getOwnProfile(user.id)
  const calendar = isSitterRole(profile.role) ? await getSitterCalendar(user, url.searchParams) : null
  // An admin is told of reports only in the centre (decision 063): no kind to choose a channel for.
  const settings = takesPartInBookings(profile.role) ? await getNotificationSettings(user.id) : null
  const form: ProfileFormData = {
    name: profile.name,
    profilePhoto: profile.profilePhoto,
    role: profile.role,
    isSitter: isSitterRole(profile.role),
    gallery: isSitterRole(profile.role) ? await listGalleryPhotos(user.id) : [],
    defaultValue: profileFormDefaults(profile),
    tileUrl: env.MAP_TILE_URL,
    constraint: getZodConstraint(EditProfileFieldsSchema),
  }
  return {
    form,
    notifications: settings && notificationFormOf(settings),
    blockedDays: calendar && { month: calendar.month, today: calendar.today, date: calendar.date, blockedDates: calendar.blockedDates, timeZone: calendar.timeZone },
  }
}

function notificationFormOf({ quietHours, kinds }: Awaited<ReturnType<typeof getNotificationSettings>>) {
  return { defaultValue: { kinds, quietHours: { enabled: quietHours.enabled, start: quietHours.start, end: quietHours.end } }, timeZone: quietHours.timeZone }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const parsed = await readMultipartFormOrError(request, { maxFiles: 1 + maxGalleryPhotos })
  if (!parsed.ok) return data<EditProfileAnswer>(refusedUploadAnswer(parsed.error.message), parsed.error.status)
  if (parsed.form.fields.get('intent') === blockDayIntent) {
    const answer = await submitBlockedDay(user, parsed.form.fields)
    if (!answer.ok) return data<EditProfileAnswer>({ toast: answer.toast }, answer.status)
    return redirectWithToast(`${url.pathname}${url.search}#${blockedDaysSectionId}`, answer.toast)
  }
  if (parsed.form.fields.get('intent') === notificationSettingsIntent) {
    const answer = await submitNotificationSettings(user.id, parsed.form.fields)
    if (!answer.saved) return data<EditProfileAnswer>({ notificationResult: answer.result }, 400)
    return redirectWithToast(`${url.pathname}#${notificationSettingsId}`, { type: 'success', title: 'Notification settings saved' })
  }
  const outcome = await submitEditProfileForm(user, parsed.form)
  if (!outcome.saved) return data<EditProfileAnswer>(outcome.answer, outcome.status)
  return redirectWithToast(href('/profile'), { type: 'success', title: 'Profile updated' })
}

// The parts below the header load after the page (app/ui/shown-later.tsx): the profile form (its conform, its
// sections, the location picker), the forms of their own below it, and the error screen. Their props are the
// loader's and the last answer's, so the page never renders them again before their scripts have come; until
// then the forms work as without JavaScript.
const ProfileForm = shownLater(() => import('#app/features/profiles/components/profile-form.tsx').then((m) => m.ProfileForm), { everyVisit: true })
const NotificationSettingsForm = shownLater(
  () => import('#app/features/notification-settings/components/notification-settings-form.tsx').then((m) => m.NotificationSettingsForm),
  { everyVisit: true },
)
const ProfileLoadError = shownLater(() => import('#app/features/profiles/components/profile-load-error.tsx').then((m) => m.ProfileLoadError))
const BlockedDaysSection = shownLater(() => import('#app/features/availability/components/blocked-days-section.tsx').then((m) => m.BlockedDaysSection))

export default function EditProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Page width="regular" className="space-y-6" toast={actionData?.toast}>
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Edit Profile</h1>
        <Link to={href('/profile')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
          Cancel
        </Link>
      </header>
      <ProfileForm profile={loaderData.form} answer={actionData} />
      {loaderData.notifications ? <NotificationSettingsForm {...loaderData.notifications} lastResult={actionData?.notificationResult} /> : null}
      {loaderData.blockedDays ? <BlockedDaysSection {...loaderData.blockedDays} /> : null}
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Profile | Pawpal' }]

export function ErrorBoundary() {
  return <ProfileLoadError />
}
