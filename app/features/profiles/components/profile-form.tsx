import { getFormProps, useForm } from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { Form, href, useNavigation } from 'react-router'
import { uploadPhotoIntent } from '#app/features/accounts/photo-fields.ts'
import { blockDayIntent } from '#app/features/availability/blocked-day-form.ts'
import { notificationSettingsIntent } from '#app/features/notification-settings/settings-form.ts'
import { removeGalleryPhotoField } from '#app/features/sitters/gallery-fields.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { Button } from '#app/ui/button.tsx'
import { conformProblems, failedAnswer, FormErrorSummary, useErrorSummary, useSettledAnswer } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { shownLater } from '#app/ui/shown-later.tsx'
import type { EditProfileAnswer } from '../profile-edit-form.server.ts'
import type { EditProfileFormValue, ProfileUpdate } from '../profile-schema.ts'
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
} from './profile-edit-sections.tsx'

// The profile form of /profile/edit (spec section 2, Edit profile): the profile photo, a sitter's gallery and
// the profile fields. Save Changes saves them all; 'Upload photo' saves the photo alone (the page's submits:
// profiles/profile-edit-form.server.ts).

export type ProfileFormData = {
  name: string
  profilePhoto: string | null
  role: Role
  isSitter: boolean
  gallery: readonly string[]
  defaultValue: EditProfileFormValue
  tileUrl: string
  constraint: ReturnType<typeof getZodConstraint>
}

// The photo pickers load after the form (app/ui/shown-later.tsx).
const ProfilePhoto = shownLater(() => import('./profile-photo-sections.tsx').then((m) => m.ProfilePhoto), { everyVisit: true })
const Gallery = shownLater(() => import('./profile-photo-sections.tsx').then((m) => m.Gallery))

const uncheckedButtons = [uploadPhotoIntent]
const loadValidator = validatorLoader(() => import('../validators.ts').then((m) => m.validateEditProfile))

export function ProfileForm({ profile, answer }: { profile: ProfileFormData; answer: EditProfileAnswer | undefined }) {
  const navigation = useNavigation()
  const intent = navigation.formData?.get(uploadPhotoIntent.name)
  const saving =
    navigation.state === 'submitting' &&
    navigation.formAction?.split('?')[0] === href('/profile/edit') &&
    intent !== uploadPhotoIntent.value &&
    intent !== blockDayIntent &&
    intent !== notificationSettingsIntent &&
    !navigation.formData?.has(removeGalleryPhotoField)
  const answered = useSettledAnswer(answer)
  // 'Upload photo' saves the photo alone: the other fields are not checked then.
  const onValidate = useLazyValidation<EditProfileFormValue, ProfileUpdate>(loadValidator, uncheckedButtons)
  const [form, fields] = useForm<EditProfileFormValue, ProfileUpdate, string[]>({
    id: 'edit-profile',
    lastResult: answered?.result,
    defaultValue: profile.defaultValue,
    constraint: profile.constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = [
    ...(answered?.photoErrors ?? []).map((message) => ({ fieldId: profilePhotoInputId, label: 'Profile photo', message })),
    ...(answered?.galleryErrors ?? []).map((message) => ({ fieldId: galleryInputId, label: 'Gallery', message })),
    ...conformProblems(form, editProfileFieldLabels(profile.defaultValue.availability?.map((row) => row?.weekday) ?? [])),
  ]
  const messages = form.errors ?? []
  const summary = useErrorSummary(answered?.photoErrors?.length || answered?.galleryErrors?.length ? answered : failedAnswer(answered?.result), form.onSubmit, problems.length + messages.length)

  return (
    <>
      <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-6">
        <ProfilePhoto name={profile.name} photo={profile.profilePhoto} kept={answered?.photos} errors={answered?.photoErrors} />
        {profile.isSitter ? <Gallery saved={profile.gallery} kept={answered?.galleryPhotos} errors={answered?.galleryErrors} /> : null}
        {profile.isSitter ? <input type="hidden" name={fields.sitterSections.name} value="on" /> : null}
        <BasicInfo fields={fields} />

        {profile.isSitter ? (
          <>
            <SitterInfo fields={fields} />
            <Preferences fields={fields} />
            <Availability fields={fields} />
            <CancellationTermsChoice fields={fields} />
          </>
        ) : null}
        <LocationSection key={form.key} fields={fields} tileUrl={profile.tileUrl} role={profile.role} />

        <div className="flex gap-3">
          <Button type="submit" disabled={saving} className="flex-1">
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </Form>
    </>
  )
}
