import {
  type FieldMetadata,
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ChangeEvent, type ReactNode } from 'react'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/profile-edit'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { updateProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import {
  EditProfileFieldsSchema,
  EditProfileSchema,
  type EditProfileFormValue,
  type ProfileUpdate,
} from '#app/features/accounts/profile-schema.ts'
import { updateProfile } from '#app/features/accounts/profile-update.server.ts'
import { getOwnProfile, type OwnProfile } from '#app/features/accounts/profile.server.ts'
import { isSitterRole } from '#app/features/accounts/roles.ts'
import { dogAgeGroupLabels, dogAgeGroups, dogSizeLabels, dogSizes } from '#app/features/dogs/options.ts'
import { LocationPicker } from '#app/features/geo/components/location-picker.tsx'
import {
  experienceLabels,
  experienceLevels,
  serviceLabels,
  sitterServices,
  weekdays,
} from '#app/features/sitters/options.ts'
import { env } from '#app/lib/env.server.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { readMultipartFormOrError, UploadError, uploadMessages } from '#app/lib/upload.server.ts'
import { Button } from '#app/ui/button.tsx'
import { FieldErrors, TextAreaField, TextField } from '#app/ui/field.tsx'
import { useLazyValidation } from '#app/ui/lazy-validation.ts'
import { ActionToast, showToast } from '#app/ui/toaster.tsx'

// /profile/edit (spec section 2, Edit profile): a photo upload form, then the profile form. Both
// post here: the photo as multipart with intent 'photo', the profile as a plain form.

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const profile = await getOwnProfile(user.id)
  return {
    name: profile.name,
    profilePhoto: profile.profilePhoto,
    isSitter: isSitterRole(profile.role),
    defaultValue: formDefaults(profile),
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

/** The saved profile in the form's shape (rates in dollars, one row per weekday range). */
function formDefaults(profile: OwnProfile): EditProfileFormValue {
  const sitter = profile.sitter
  const rates = Object.fromEntries(
    (sitter?.services ?? []).flatMap((s) => (s.hourlyRateCents === null ? [] : [[s.service, s.hourlyRateCents / 100]])),
  )
  return {
    sitterSections: isSitterRole(profile.role),
    name: profile.name,
    phoneNumber: profile.phoneNumber ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    latitude: profile.latitude ?? undefined,
    longitude: profile.longitude ?? undefined,
    experience: sitter?.experience ?? '0-1',
    services: sitter?.services.map((s) => s.service) ?? [],
    rates,
    acceptsMultipleDogs: sitter?.acceptsMultipleDogs ?? false,
    hasHomeVisit: sitter?.hasHomeVisit ?? false,
    canHostOvernight: sitter?.canHostOvernight ?? false,
    dogSizes: sitter?.dogSizes ?? [],
    dogAges: sitter?.dogAges ?? [],
    preferredDogBreeds: sitter?.preferredDogBreeds.join(', ') ?? '',
    // Every weekday gets a row; a day with several saved ranges keeps them all.
    availability: weekdays.flatMap((day): EditProfileFormValue['availability'] & object => {
      const ranges = (sitter?.availability ?? []).filter((range) => range.weekday === day.value)
      if (ranges.length === 0) return [{ weekday: day.value, available: false, startTime: '09:00', endTime: '17:00' }]
      return ranges.map((range) => ({ weekday: day.value, available: true, startTime: range.startTime, endTime: range.endTime }))
    }),
  }
}

const loadValidator = () => import('#app/features/accounts/validators.ts').then((m) => m.validateEditProfile)

/** Spec section 9: the same limits as the server's (upload.server.ts), checked in the browser first. */
const maxPhotoBytes = 5 * 1024 * 1024

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
    <main className="mx-auto max-w-2xl space-y-6 p-4">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Edit Profile</h1>
        <Link to="/profile" className="font-medium text-brand-700 underline underline-offset-4">
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
        <Section title="Basic Information">
          <TextField label="Full Name" field={fields.name} inputProps={{ autoComplete: 'name' }} />
          <TextField
            label="Phone"
            field={fields.phoneNumber}
            type="tel"
            inputProps={{ autoComplete: 'tel', placeholder: '+41 79 123 45 67' }}
          />
          <TextAreaField
            label="Bio"
            field={fields.bio}
            textareaProps={{ placeholder: 'Tell other dog lovers about yourself' }}
          />
        </Section>

        {loaderData.isSitter ? (
          <>
            <SitterInfo fields={fields} />
            <Preferences fields={fields} />
            <Availability fields={fields} />
            <Section title="Location">
              <p className="text-sm text-stone-600">
                Owners see only your district and a point about 500 m from your address; your exact address is shared
                only with the other party of an accepted booking.
              </p>
              <LocationPicker
                key={form.key}
                tileUrl={loaderData.tileUrl}
                errors={{ location: fields.location.errors }}
                defaultValue={{
                  location: stringValue(fields.location.initialValue) ?? null,
                  latitude: numberValue(fields.latitude.initialValue),
                  longitude: numberValue(fields.longitude.initialValue),
                }}
              />
            </Section>
          </>
        ) : null}

        <FieldErrors id={form.errorId} errors={form.errors} />
        <div className="flex gap-3">
          <Button type="submit" disabled={saving} className="flex-1">
            {saving ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </Form>
      <ActionToast toast={actionData?.toast} />
    </main>
  )
}

// ---- photo ----

function PhotoForm({ name, photo, uploading, error }: { name: string; photo: string | null; uploading: boolean; error?: string }) {
  const src = imageUrl(photo, 320)
  // With JavaScript, a file that is too big or not a picture is refused before it is sent.
  function checkFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    if (!file) return
    const problem = !file.type.startsWith('image/')
      ? 'Please upload an image file'
      : file.size > maxPhotoBytes
        ? 'Image size should be less than 5MB'
        : null
    if (problem) {
      event.currentTarget.value = ''
      showToast({ type: 'error', title: 'Upload failed', description: problem })
    }
  }
  return (
    <Section title="Profile Photo">
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="photo" />
        {src ? (
          <img src={src} alt="" width={96} height={96} className="size-24 shrink-0 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-100 text-4xl font-bold text-brand-800"
          >
            {(name.trim() || 'User').charAt(0).toUpperCase()}
          </span>
        )}
        <div className="flex-1 space-y-2">
          <label htmlFor="profile-photo" className="block text-sm font-medium text-stone-800">
            Choose a photo (JPEG, PNG, WebP or GIF, under 5 MB)
          </label>
          <input
            id="profile-photo"
            type="file"
            name="file"
            accept="image/*"
            required
            onChange={checkFile}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'profile-photo-error' : undefined}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
          />
          <FieldErrors id="profile-photo-error" errors={error ? [error] : undefined} />
          <Button type="submit" variant="secondary" disabled={uploading}>
            {uploading ? 'Uploading...' : 'Upload photo'}
          </Button>
        </div>
      </Form>
    </Section>
  )
}

// ---- sitter sections ----

type Fields = ReturnType<typeof useForm<EditProfileFormValue, ProfileUpdate, string[]>>[1]

function SitterInfo({ fields }: { fields: Fields }) {
  const rates = fields.rates.getFieldset()
  const { key: _key, ...experienceProps } = getSelectProps(fields.experience)
  return (
    <Section title="Sitter Info">
      <div>
        <label htmlFor={fields.experience.id} className="mb-1 block text-sm font-medium text-stone-800">
          Experience
        </label>
        <select {...experienceProps} className={controlClass}>
          {experienceLevels.map((level) => (
            <option key={level} value={level}>
              {experienceLabels[level]}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.experience.errorId} errors={fields.experience.errors} />
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-stone-800">Services and hourly rates</legend>
        <ul className="space-y-2">
          {getCollectionProps(fields.services, { type: 'checkbox', options: [...sitterServices] }).map(({ key, ...props }) => {
            const service = props.value as (typeof sitterServices)[number]
            const rate = rates[service]
            return (
              <li key={key} className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white p-3">
                <label htmlFor={props.id} className="flex flex-1 items-center gap-2 font-medium">
                  <input {...props} className={checkboxClass} />
                  {serviceLabels[service]}
                </label>
                <div className="flex items-center gap-1">
                  <span aria-hidden className="text-stone-500">
                    $
                  </span>
                  <input
                    {...getInputProps(rate, { type: 'number' })}
                    key={rate.key}
                    min={0}
                    max={1000}
                    step="0.01"
                    inputMode="decimal"
                    aria-label={`${serviceLabels[service]} rate in dollars per hour`}
                    className={`${controlClass} w-24`}
                  />
                  <span className="text-sm text-stone-500">/hour</span>
                </div>
                <FieldErrors id={rate.errorId} errors={rate.errors} />
              </li>
            )
          })}
        </ul>
        <FieldErrors id={fields.services.errorId} errors={fields.services.errors} />
      </fieldset>
    </Section>
  )
}

function Preferences({ fields }: { fields: Fields }) {
  return (
    <Section title="Preferences">
      <CheckboxGroup legend="Dog sizes" field={fields.dogSizes} options={dogSizes} labels={dogSizeLabels} />
      <CheckboxGroup legend="Dog ages" field={fields.dogAges} options={dogAgeGroups} labels={dogAgeGroupLabels} />
      <div className="space-y-2">
        <Toggle field={fields.acceptsMultipleDogs} label="I accept multiple dogs at once" />
        <Toggle field={fields.hasHomeVisit} label="I offer home visits" />
        <Toggle field={fields.canHostOvernight} label="I can host dogs overnight" />
      </div>
      <TextField
        label="Preferred breeds (comma-separated)"
        field={fields.preferredDogBreeds}
        inputProps={{ placeholder: 'Labrador, Border Collie' }}
      />
    </Section>
  )
}

function Availability({ fields }: { fields: Fields }) {
  const rows = fields.availability.getFieldList()
  const seen = new Map<number, number>()
  return (
    <Section title="Weekly Availability">
      <p className="text-sm text-stone-600">Tick the days you are available and set your hours.</p>
      <ul className="space-y-2">
        {rows.map((row) => {
          const range = row.getFieldset()
          const weekday = Number(range.weekday.initialValue)
          const count = (seen.get(weekday) ?? 0) + 1
          seen.set(weekday, count)
          const dayLabel = weekdays.find((day) => day.value === weekday)?.label ?? 'Day'
          const label = count > 1 ? `${dayLabel} (range ${count})` : dayLabel
          return (
            <li key={row.key} className="rounded-lg border border-stone-200 bg-white p-3">
              <div className="flex flex-wrap items-center gap-3">
                <input {...getInputProps(range.weekday, { type: 'hidden' })} key={range.weekday.key} />
                <label htmlFor={range.available.id} className="flex min-w-32 flex-1 items-center gap-2 font-medium">
                  <input {...getInputProps(range.available, { type: 'checkbox' })} key={range.available.key} className={checkboxClass} />
                  {label}
                </label>
                <input
                  {...getInputProps(range.startTime, { type: 'time' })}
                  key={range.startTime.key}
                  aria-label={`${label} start time`}
                  className={`${controlClass} w-32`}
                />
                <span aria-hidden>–</span>
                <input
                  {...getInputProps(range.endTime, { type: 'time' })}
                  key={range.endTime.key}
                  aria-label={`${label} end time`}
                  className={`${controlClass} w-32`}
                />
              </div>
              <FieldErrors id={range.startTime.errorId} errors={range.startTime.errors} />
              <FieldErrors id={range.endTime.errorId} errors={range.endTime.errors} />
            </li>
          )
        })}
      </ul>
    </Section>
  )
}

// ---- small pieces ----

const controlClass =
  'rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500'
const checkboxClass = 'size-5 rounded border-stone-300 accent-brand-700'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function CheckboxGroup<Option extends string>({
  legend,
  field,
  options,
  labels,
}: {
  legend: string
  field: FieldMetadata<Option[] | undefined>
  options: readonly Option[]
  labels: Record<Option, string>
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {getCollectionProps(field, { type: 'checkbox', options: [...options] }).map(({ key, ...props }) => (
          <label
            key={key}
            htmlFor={props.id}
            className="flex items-center gap-2 rounded-full border border-stone-300 bg-white px-3 py-1.5 has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input {...props} className={checkboxClass} />
            {labels[props.value as Option]}
          </label>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

function Toggle({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
  return (
    <label htmlFor={field.id} className="flex items-center gap-2">
      <input {...getInputProps(field, { type: 'checkbox' })} key={field.key} className={checkboxClass} />
      {label}
    </label>
  )
}

const stringValue = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined)
function numberValue(value: unknown) {
  const text = stringValue(value)
  const number = text === undefined ? Number.NaN : Number(text)
  return Number.isFinite(number) ? number : null
}

export const meta: Route.MetaFunction = () => [{ title: 'Edit Profile | Pawpal' }]
