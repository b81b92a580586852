import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/profile-edit'
import {
  Availability,
  BasicInfo,
  PhotoForm,
  Preferences,
  SitterInfo,
  SitterLocation,
} from '#app/features/accounts/components/profile-edit-sections.tsx'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { profileFormDefaults } from '#app/features/accounts/profile-form-defaults.ts'
import { updateProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import {
  EditProfileFieldsSchema,
  EditProfileSchema,
  type EditProfileFormValue,
  type ProfileUpdate,
} from '#app/features/accounts/profile-schema.ts'
import { updateProfile } from '#app/features/accounts/profile-update.server.ts'
import { getOwnProfile } from '#app/features/accounts/profile.server.ts'
import { isSitterRole } from '#app/features/accounts/roles.ts'
import { env } from '#app/lib/env.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError, UploadError, uploadMessages } from '#app/lib/upload.server.ts'
import { Button } from '#app/ui/button.tsx'
import { FieldErrors } from '#app/ui/field.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { Page } from '#app/ui/page.tsx'

// /profile/edit (spec section 2, Edit profile): a photo upload form, then the profile form. Both
// post here: the photo as multipart with intent 'photo', the profile as a plain form.

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const profile = await getOwnProfile(user.id)
  return {
    name: profile.name,
    profilePhoto: profile.profilePhoto,
    isSitter: isSitterRole(profile.role),
    defaultValue: profileFormDefaults(profile),
    tileUrl: env.MAP_TILE_URL,
    constraint: getZodConstraint(EditProfileFieldsSchema),
  }
}

type ActionData = { result?: SubmissionResult<string[]>; photoError?: string; toast: ToastInput }

const updateFailed: ToastInput = {
  type: 'error',
  title: 'Update failed',
  description: 'There was an error updating your profile. Please try again.',
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  if (!request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    return saveProfile(user.id, await request.formData())
  }
  const parsed = await readMultipartFormOrError(request, { maxFiles: 1 })
  if (!parsed.ok) return photoFailure(parsed.error)
  if (parsed.form.fields.get('intent') !== 'photo') return saveProfile(user.id, parsed.form.fields)
  const file = parsed.form.files.file?.[0]
  if (!file) return photoFailure(new UploadError(415, uploadMessages.notAnImage))
  try {
    await updateProfilePhoto(user.id, file)
  } catch (error) {
    if (!(error instanceof UploadError)) console.error('Profile photo upload failed:', error)
    return photoFailure(error)
  }
  return redirectWithToast('/profile/edit', { type: 'success', title: 'Photo uploaded' })
}

async function saveProfile(userId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: EditProfileSchema })
  if (submission.status !== 'success') {
    return data<ActionData>({ result: submission.reply(), toast: updateFailed }, 400)
  }
  try {
    const outcome = await updateProfile(userId, submission.value)
    if (!outcome.ok) {
      return data<ActionData>({ result: submission.reply({ fieldErrors: outcome.fieldErrors }), toast: updateFailed }, outcome.status)
    }
  } catch (error) {
    console.error('Profile update failed:', error)
    return data<ActionData>({ result: submission.reply(), toast: updateFailed }, 500)
  }
  return redirectWithToast('/profile', { type: 'success', title: 'Profile updated' })
}

/** 'Upload failed' with the reason for a file that is too big or not a picture, the general text otherwise. */
function photoFailure(error: unknown) {
  const refused = error instanceof UploadError && (error.status === 413 || error.status === 415)
  const message = refused ? error.message : 'There was an error uploading your photo. Please try again.'
  const status = error instanceof UploadError ? error.status : 500
  return data<ActionData>({ photoError: message, toast: { type: 'error', title: 'Upload failed', description: message } }, status)
}

const loadValidator = validatorLoader(() => import('#app/features/accounts/validators.ts').then((m) => m.validateEditProfile))

export default function EditProfileRoute({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' && navigation.formAction === '/profile/edit'
  const uploading = submitting && navigation.formEncType === 'multipart/form-data'
  const saving = submitting && !uploading
  const onValidate = useLazyValidation<EditProfileFormValue, ProfileUpdate>(loadValidator)
  const [form, fields] = useForm<EditProfileFormValue, ProfileUpdate, string[]>({
    id: 'edit-profile',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: loaderData.defaultValue,
    constraint: loaderData.constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })

  return (
    <Page width="regular" className="space-y-6" toast={actionData?.toast}>
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Edit Profile</h1>
        <Link to="/profile" className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
          Cancel
        </Link>
      </header>

      <PhotoForm
        name={loaderData.name}
        photo={loaderData.profilePhoto}
        uploading={uploading}
        error={actionData?.photoError}
      />

      <Form method="post" {...getFormProps(form)} className="space-y-6">
        {loaderData.isSitter ? <input type="hidden" name={fields.sitterSections.name} value="on" /> : null}
        <BasicInfo fields={fields} />

        {loaderData.isSitter ? (
          <>
            <SitterInfo fields={fields} />
            <Preferences fields={fields} />
            <Availability fields={fields} />
            <SitterLocation key={form.key} fields={fields} tileUrl={loaderData.tileUrl} />
          </>
        ) : null}

        <FieldErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-3">
          <Button type="submit" disabled={saving} className="flex-1">
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </Form>
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Profile | Pawpal' }]
