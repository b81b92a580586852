import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/profile-edit'
import {
  Availability,
  BasicInfo,
  CancellationTermsChoice,
  editProfileFieldLabels,
  galleryInputId,
  LocationSection,
  Preferences,
  profilePhotoInputId,
  SitterInfo,
} from '#app/features/profiles/components/profile-edit-sections.tsx'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { profileFormDefaults } from '#app/features/profiles/profile-form-defaults.ts'
import { uploadPhotoIntent } from '#app/features/accounts/photo-fields.ts'
import { type EditProfileAnswer, refusedUploadAnswer, submitEditProfileForm } from '#app/features/profiles/profile-edit-form.server.ts'
import { EditProfileFieldsSchema, type EditProfileFormValue, type ProfileUpdate } from '#app/features/profiles/profile-schema.ts'
import { getOwnProfile } from '#app/features/profiles/profile.server.ts'
import { isSitterRole } from '#app/features/accounts/roles.ts'
import { submitBlockedDay } from '#app/features/availability/blocked-day-form.server.ts'
import { blockDayIntent, blockedDaysSectionId } from '#app/features/availability/blocked-day-form.ts'
import { getSitterCalendar } from '#app/features/availability/sitter-calendar.server.ts'
import { maxGalleryPhotos, removeGalleryPhotoField } from '#app/features/sitters/gallery-fields.ts'
import { listGalleryPhotos } from '#app/features/sitters/gallery.server.ts'
import { notificationSettingsId, notificationSettingsIntent } from '#app/features/notification-settings/settings-form.ts'
import { getNotificationSettings } from '#app/features/notification-settings/preferences.server.ts'
import { submitNotificationSettings } from '#app/features/notification-settings/settings-form.server.ts'
import { env } from '#app/lib/env.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError } from '#app/lib/upload.server.ts'
import { Button } from '#app/ui/button.tsx'
import { conformProblems, failedAnswer, FormErrorSummary, useErrorSummary, useSettledAnswer } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /profile/edit (spec section 2, Edit profile): one form with the profile photo and the profile fields.
// Save Changes saves both; 'Upload photo' saves the photo alone (the page's submits:
// profiles/profile-edit-form.server.ts).
// The notification settings and a sitter's blocked days sit below the form, in forms of their own (the
// blocked days in the same calendar as /bookings-sitter).

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const profile = await getOwnProfile(user.id)
  const calendar = isSitterRole(profile.role) ? await getSitterCalendar(user.id, url.searchParams) : null
  const { quietHours, kinds } = await getNotificationSettings(user.id)
  return {
    name: profile.name,
    profilePhoto: profile.profilePhoto,
    role: profile.role,
    isSitter: isSitterRole(profile.role),
    gallery: isSitterRole(profile.role) ? await listGalleryPhotos(user.id) : [],
    defaultValue: profileFormDefaults(profile),
    tileUrl: env.MAP_TILE_URL,
    constraint: getZodConstraint(EditProfileFieldsSchema),
    notifications: { defaultValue: { kinds, quietHours: { enabled: quietHours.enabled, start: quietHours.start, end: quietHours.end } }, timeZone: quietHours.timeZone },
    blockedDays: calendar && { month: calendar.month, today: calendar.today, date: calendar.date, blockedDates: calendar.blockedDates, timeZone: calendar.timeZone },
  }
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

// The parts whose props are the loader's and the last answer's load after the page (app/ui/shown-later.tsx):
// the photo pickers, the forms of their own below the profile form, and the error screen. The profile form's
// own sections take its fields, which change as you type, so they load with the page.
const ProfilePhoto = shownLater(() => import('#app/features/profiles/components/profile-photo-sections.tsx').then((m) => m.ProfilePhoto), {
  everyVisit: true,
})
const Gallery = shownLater(() => import('#app/features/profiles/components/profile-photo-sections.tsx').then((m) => m.Gallery))
const NotificationSettingsForm = shownLater(
  () => import('#app/features/notification-settings/components/notification-settings-form.tsx').then((m) => m.NotificationSettingsForm),
  { everyVisit: true },
)
const ProfileLoadError = shownLater(() => import('#app/features/profiles/components/profile-load-error.tsx').then((m) => m.ProfileLoadError))
const BlockedDaysSection = shownLater(() => import('#app/features/availability/components/blocked-days-section.tsx').then((m) => m.BlockedDaysSection))

const uncheckedButtons = [uploadPhotoIntent]
const loadValidator = validatorLoader(() => import('#app/features/profiles/validators.ts').then((m) => m.validateEditProfile))

export default function EditProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const intent = navigation.formData?.get(uploadPhotoIntent.name)
  const saving =
    navigation.state === 'submitting' &&
    navigation.formAction?.split('?')[0] === href('/profile/edit') &&
    intent !== uploadPhotoIntent.value &&
    intent !== blockDayIntent &&
    intent !== notificationSettingsIntent &&
    !navigation.formData?.has(removeGalleryPhotoField)
  const answered = useSettledAnswer(actionData)
  // 'Upload photo' saves the photo alone: the other fields are not checked then.
  const onValidate = useLazyValidation<EditProfileFormValue, ProfileUpdate>(loadValidator, uncheckedButtons)
  const [form, fields] = useForm<EditProfileFormValue, ProfileUpdate, string[]>({
    id: 'edit-profile',
    lastResult: answered?.result,
    defaultValue: loaderData.defaultValue,
    constraint: loaderData.constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = [
    ...(answered?.photoErrors ?? []).map((message) => ({ fieldId: profilePhotoInputId, label: 'Profile photo', message })),
    ...(answered?.galleryErrors ?? []).map((message) => ({ fieldId: galleryInputId, label: 'Gallery', message })),
    ...conformProblems(form, editProfileFieldLabels(loaderData.defaultValue.availability?.map((row) => row?.weekday) ?? [])),
  ]
  const messages = form.errors ?? []
  const summary = useErrorSummary(answered?.photoErrors?.length || answered?.galleryErrors?.length ? answered : failedAnswer(answered?.result), form.onSubmit, problems.length + messages.length)

  return (
    <Page width="regular" className="space-y-6" toast={actionData?.toast}>
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Edit Profile</h1>
        <Link to={href('/profile')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
          Cancel
        </Link>
      </header>
      <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />

      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-6">
        <ProfilePhoto name={loaderData.name} photo={loaderData.profilePhoto} kept={answered?.photos} errors={answered?.photoErrors} />
        {loaderData.isSitter ? <Gallery saved={loaderData.gallery} kept={answered?.galleryPhotos} errors={answered?.galleryErrors} /> : null}
        {loaderData.isSitter ? <input type="hidden" name={fields.sitterSections.name} value="on" /> : null}
        <BasicInfo fields={fields} />

        {loaderData.isSitter ? (
          <>
            <SitterInfo fields={fields} />
            <Preferences fields={fields} />
            <Availability fields={fields} />
            <CancellationTermsChoice fields={fields} />
          </>
        ) : null}
        <LocationSection key={form.key} fields={fields} tileUrl={loaderData.tileUrl} role={loaderData.role} />

        <div className="flex gap-3">
          <Button type="submit" disabled={saving} className="flex-1">
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </Form>
      <NotificationSettingsForm {...loaderData.notifications} lastResult={actionData?.notificationResult} />
      {loaderData.blockedDays ? <BlockedDaysSection {...loaderData.blockedDays} /> : null}
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Profile | Pawpal' }]

export function ErrorBoundary() {
  return <ProfileLoadError />
}
