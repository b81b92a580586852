import { type FieldMetadata, getCollectionProps, getInputProps, getSelectProps, type useForm } from '@conform-to/react'
import { type ReactNode } from 'react'
import { weekdays } from '#app/features/availability/weekdays.ts'
import { rateUnits } from '#app/features/sitters/rates.ts'
import { dogAgeGroupLabels, dogAgeGroups, dogSizeLabels, dogSizes } from '#app/features/dogs/options.ts'
import { LocationPicker } from '#app/features/geo/components/location-picker.tsx'
import {
  experienceLabels,
  experienceLevels,
  serviceLabels,
  sitterServices,
} from '#app/features/sitters/options.ts'
import { cancellationTerms, termsLabels } from '#app/features/sitters/cancellation-terms.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { quarterHours } from '#app/lib/zoned-time.ts'
import { CheckboxChips } from '#app/ui/checkbox-chips.tsx'
import { FieldErrors, TextAreaField, TextField } from '#app/ui/field.tsx'
import type { FieldLabels } from '#app/ui/form-error-summary.tsx'
import { galleryInputId, profilePhotoInputId, weeklyAvailabilityId } from '../profile-edit-anchors.ts'
import type { EditProfileFormValue, ProfileUpdate } from '../profile-schema.ts'

// Where the error summary's 'Profile photo' and 'Gallery' problems lead.
export { galleryInputId, profilePhotoInputId }
import { isOwnerRole, isSitterRole, takesPartInBookings } from '#app/features/accounts/roles.ts'

// The pieces of /profile/edit (spec section 2, Edit profile): the sections of the profile form after its
// photos (profile-photo-sections.tsx; the sitter sections for sitters only; the location for everyone: an
// owner's location places their dogs for nearby sitters).

// ---- the profile form ----

/** The form's fields in page order, as its error summary names them. */
export function editProfileFieldLabels(availabilityWeekdays: readonly unknown[]): FieldLabels {
  const rowLabels = availabilityRowLabels(availabilityWeekdays)
  return [
    ['name', 'Full Name'],
    ['phoneNumber', 'Phone'],
    ['bio', 'Bio'],
    ['experience', 'Experience'],
    ['services', 'Services'],
    ['rates', (name) => `${serviceLabels[name.slice('rates.'.length) as keyof typeof serviceLabels] ?? 'Service'} rate`],
    ['extraDogRates', (name) => `${serviceLabels[name.slice('extraDogRates.'.length) as keyof typeof serviceLabels] ?? 'Service'} rate for each further dog`],
    ['dogSizes', 'Dog sizes'],
    ['dogAges', 'Dog ages'],
    ['preferredDogBreeds', 'Preferred breeds'],
    [
      'availability',
      (name) => {
        const [, index, field] = /^availability\[(\d+)\]\.(\w+)/.exec(name) ?? []
        const part = field === 'startTime' ? ' start time' : field === 'endTime' ? ' end time' : ''
        return `${rowLabels[Number(index)] ?? 'Availability'}${part}`
      },
    ],
    ['cancellationTerms', 'Cancellation terms'],
    ['location', 'Address'],
    ['latitude', 'Address', 'location'],
    ['longitude', 'Address', 'location'],
    ['coordinatesFor', 'Address', 'location'],
  ]
}

export type EditProfileFields = ReturnType<typeof useForm<EditProfileFormValue, ProfileUpdate, string[]>>[1]

export function BasicInfo({ fields }: { fields: EditProfileFields }) {
  return (
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
  )
}

// ---- sitter sections ----

export function SitterInfo({ fields }: { fields: EditProfileFields }) {
  const rates = fields.rates.getFieldset()
  const extraDogRates = fields.extraDogRates.getFieldset()
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
      <fieldset id={fields.services.id}>
        <legend className="mb-2 text-sm font-medium text-stone-800">Services and rates</legend>
        <ul className="space-y-2">
          {getCollectionProps(fields.services, { type: 'checkbox', options: [...sitterServices] }).map(({ key, ...props }) => {
            const service = props.value as (typeof sitterServices)[number]
            const rate = rates[service]
            const extraDogRate = extraDogRates[service]
            return (
              <li key={key} className="flex flex-wrap items-center gap-3 rounded-lg border border-stone-200 bg-white p-3">
                <label className="tap-target flex flex-1 items-center gap-2 font-medium">
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
                    aria-label={`${serviceLabels[service]} rate in dollars per ${rateUnits[service]}`}
                    className={`${controlClass} w-24`}
                  />
                  <span className="text-sm text-stone-500">/{rateUnits[service]}</span>
                </div>
                <FieldErrors id={rate.errorId} errors={rate.errors} />
                <div className="flex w-full items-center justify-end gap-1 text-sm">
                  <label htmlFor={extraDogRate.id} className="mr-1 flex-1 text-stone-700">
                    Each further dog (optional)
                  </label>
                  <span aria-hidden className="whitespace-nowrap text-stone-500">
                    + $
                  </span>
                  <input
                    {...getInputProps(extraDogRate, { type: 'number' })}
                    key={extraDogRate.key}
                    min={0}
                    max={1000}
                    step="0.01"
                    inputMode="decimal"
                    aria-label={`${serviceLabels[service]} rate for each further dog in dollars per ${rateUnits[service]}`}
                    className={`${controlClass} w-24 shrink-0`}
                  />
                  <span className="text-stone-500">/{rateUnits[service]}</span>
                </div>
                <FieldErrors id={extraDogRate.errorId} errors={extraDogRate.errors} />
              </li>
            )
          })}
        </ul>
        <FieldErrors id={fields.services.errorId} errors={fields.services.errors} />
      </fieldset>
    </Section>
  )
}

export function Preferences({ fields }: { fields: EditProfileFields }) {
  return (
    <Section title="Preferences">
      <CheckboxChips legend="Dog sizes" field={fields.dogSizes} options={dogSizes} labelOf={(size) => dogSizeLabels[size]} />
      <CheckboxChips legend="Dog ages" field={fields.dogAges} options={dogAgeGroups} labelOf={(age) => dogAgeGroupLabels[age]} />
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

/** 'Monday', or 'Monday (range 2)' for a day's second range: one label per availability row. */
export function availabilityRowLabels(weekdaysOfRows: readonly unknown[]) {
  const seen = new Map<number, number>()
  return weekdaysOfRows.map((value) => {
    const weekday = Number(value)
    const count = (seen.get(weekday) ?? 0) + 1
    seen.set(weekday, count)
    const dayLabel = weekdays.find((day) => day.value === weekday)?.label ?? 'Day'
    return count > 1 ? `${dayLabel} (range ${count})` : dayLabel
  })
}

/** The quarter hours as choices (24-hour clock), with a saved time that is not one kept in its place. */
function TimeOptions({ kept }: { kept: string | undefined }) {
  const times = kept && !quarterHours.includes(kept) ? [...quarterHours, kept].sort() : quarterHours
  return (
    <>
      <option value="">--:--</option>
      {times.map((time) => (
        <option key={time}>{time}</option>
      ))}
    </>
  )
}

export function Availability({ fields }: { fields: EditProfileFields }) {
  const rows = fields.availability.getFieldList()
  const labels = availabilityRowLabels(rows.map((row) => row.getFieldset().weekday.initialValue))
  return (
    <Section title="Weekly Availability" id={weeklyAvailabilityId}>
      <p className="text-sm text-stone-600">Tick the days you are available and set your hours.</p>
      <ul className="space-y-2">
        {rows.map((row, index) => {
          const range = row.getFieldset()
          const label = labels[index] ?? 'Day'
          return (
            <li key={row.key} className="group rounded-lg border border-stone-200 bg-white p-3">
              {/* HTML allows no `required` on a hidden input; the server checks the weekday. */}
              <input {...getInputProps(range.weekday, { type: 'hidden' })} required={false} key={range.weekday.key} />
              {/* A phone shows the day, then its hours on one line: 'Monday' / '09:00 – 17:00'. */}
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
                <label className="tap-target flex items-center gap-3 font-medium sm:flex-1">
                  <input {...getInputProps(range.available, { type: 'checkbox' })} key={range.available.key} className={checkboxClass} />
                  {label}
                </label>
                <div className="flex items-center gap-2 opacity-60 group-has-checked:opacity-100">
                  <select
                    {...getSelectProps(range.startTime)}
                    key={range.startTime.key}
                    aria-label={`${label} start time`}
                    className={`${controlClass} min-w-0 flex-1 sm:w-36 sm:flex-none`}
                  >
                    <TimeOptions kept={range.startTime.initialValue} />
                  </select>
                  <span aria-hidden className="text-stone-500">
                    –
                  </span>
                  <select
                    {...getSelectProps(range.endTime)}
                    key={range.endTime.key}
                    aria-label={`${label} end time`}
                    className={`${controlClass} min-w-0 flex-1 sm:w-36 sm:flex-none`}
                  >
                    <TimeOptions kept={range.endTime.initialValue} />
                  </select>
                </div>
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

/** The sitter's cancellation terms (DESIGN.md ruling 28): owners see them before sending a request. */
export function CancellationTermsChoice({ fields }: { fields: EditProfileFields }) {
  const field = fields.cancellationTerms
  return (
    <Section title="Cancellation Terms">
      <p id={`${field.id}-note`} className="text-sm text-stone-600">
        Owners see your terms before they send a request, and a booking keeps the terms it was requested under. Cancelling an accepted booking later than
        they allow is counted on the profile of whoever cancels, you or the owner.
      </p>
      <fieldset id={field.id} aria-describedby={[`${field.id}-note`, field.errors?.length ? field.errorId : null].filter(Boolean).join(' ')} className="space-y-3">
        <legend className="sr-only">Cancellation terms</legend>
        <div className="space-y-2">
          {getCollectionProps(field, { type: 'radio', options: [...cancellationTerms] }).map(({ key, ...props }) => {
            const terms = props.value as (typeof cancellationTerms)[number]
            return (
              <label
                key={key}
                className="tap-target flex cursor-pointer items-start gap-3 rounded-lg border border-stone-200 bg-white p-3 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
              >
                <input {...props} aria-labelledby={`${props.id}-title`} aria-describedby={`${props.id}-detail`} className="mt-0.5 size-5 shrink-0 accent-brand-700" />
                <span>
                  <span id={`${props.id}-title`} className="block font-medium">
                    {termsLabels[terms].title}
                  </span>
                  <span id={`${props.id}-detail`} className="block text-sm text-stone-600">
                    {termsLabels[terms].detail}
                  </span>
                </span>
              </label>
            )
          })}
        </div>
        <FieldErrors id={field.errorId} errors={field.errors} />
      </fieldset>
    </Section>
  )
}

/**
 * Owners and sitters alike (DESIGN.md ruling 8: the same privacy for both). Give it the form's key: a
 * reset of the form starts the picker afresh.
 */
export function LocationSection({ fields, tileUrl, role }: { fields: EditProfileFields; tileUrl: string; role: Role }) {
  return (
    <Section title="Location">
      <p className="text-sm text-stone-600">
        {isSitterRole(role) ? 'Owners nearby find you by it. ' : null}
        {isOwnerRole(role) ? 'Sitters nearby see how far away your dogs are. ' : null}
        {takesPartInBookings(role)
          ? 'Others see only your district and a point 150 to 600 m from your address; your exact address is shared only with the other party of an accepted booking.'
          : "It sorts the sitters' list when you ask for 'Nearest to me first'. Nobody else sees it: admin accounts are shown to no one."}
      </p>
      <LocationPicker
        inputId={fields.location.id}
        tileUrl={tileUrl}
        errors={{ location: fields.location.errors }}
        defaultValue={{
          location: stringValue(fields.location.initialValue) ?? null,
          latitude: numberValue(fields.latitude.initialValue),
          longitude: numberValue(fields.longitude.initialValue),
          coordinatesFor: stringValue(fields.coordinatesFor.initialValue) ?? null,
        }}
      />
    </Section>
  )
}

// ---- small pieces ----

const controlClass =
  'tap-target rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500'
const checkboxClass = 'size-5 rounded border-stone-300 accent-brand-700'

export function Section({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <section id={id} className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Toggle({ field, label }: { field: FieldMetadata<boolean | undefined>; label: string }) {
  return (
    <label className="tap-target flex items-center gap-2">
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
