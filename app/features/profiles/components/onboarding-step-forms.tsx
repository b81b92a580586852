import type { ReactNode } from 'react'
import { Form, useNavigation } from 'react-router'
import { keptDogPhotosField, maxDogImages, photoLimitMessage } from '#app/features/dogs/limits.ts'
import { dogActivities, dogAgeGroupLabels, dogAgeGroups, dogSizeLabels, dogSizes, dogTraits } from '#app/features/dogs/options.ts'
import { LocationPicker } from '#app/features/geo/components/location-picker.tsx'
import { experienceLabels, experienceLevels, serviceLabels, sitterServices } from '#app/features/sitters/options.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { quarterHours } from '#app/lib/zoned-time.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { Button } from '#app/ui/button.tsx'
import { FormErrorSummary, type FormProblem } from '#app/ui/form-error-summary.tsx'
import { PawIcon } from '#app/ui/icons.tsx'
import { Page } from '#app/ui/page.tsx'
import { PhotoPicker } from '#app/ui/photo-picker.tsx'
import { SliderField } from '#app/ui/slider-field.tsx'
import { weekdays } from '#app/features/availability/weekdays.ts'
import { formatRate, rateUnits } from '#app/features/sitters/rates.ts'
import { defaultWeeklyHoursText, rateFieldName, type RateHints, type StepErrors, weeklyHoursFormOf } from '../onboarding-form-parts.ts'
import type { OwnerDraft, SitterDraft } from '../onboarding-steps.ts'
import { profilePhotoFields, uploadPhotoIntent } from '#app/features/accounts/photo-fields.ts'

type StepProps<Draft> = {
  step: number
  draft: Draft
  name: string
  profilePhoto: string | null
  tileUrl: string
  /** Messages by field name, from the step's gate. */
  errors: StepErrors
  /** What the failed submit says above the list of problems (the gate's 'Please complete all required fields...'). */
  problemSummary?: string
  /** The action's answer: a new one moves the focus to the error summary. */
  answer?: unknown
  toast?: ToastInput
}

export const onboardingFormId = 'onboarding-step'

/** Inputs whose errors come back under another name: a change to one settles the group's errors (useChangedFields). */
export const onboardingFieldGroups = [
  ['availability', 'hoursWeekdays', 'hoursStart', 'hoursEnd'],
  ['photo', profilePhotoFields.file],
]

const ownerTitles = ['Tell us about yourself', 'Add your dog', 'Personality', 'Activities']
const sitterTitles = ['Tell us about yourself', 'Your Experience', 'Your Preferences', 'Your Location']

/** Every field of a flow with its label and step, in page order: what the error summary links to. */
const fieldsOf = {
  owner: [
    ['ownerName', 'Your name', 1],
    ['dogName', "Dog's name", 2],
    ['dogBreed', 'Breed', 2],
    ['dogAge', 'Age', 2],
    ['dogWeight', 'Weight (kg)', 2],
    ['selectedTraits', 'Personality traits', 3],
    ['dogBio', 'About your dog', 3],
    ['selectedActivities', 'Favourite activities', 4],
  ],
  sitter: [
    ['sitterName', 'Your name', 1],
    ['experience', 'Years of experience', 2],
    ['bio', 'Bio', 2],
    ['dogSizes', 'Dog sizes', 3],
    ['dogAges', 'Dog ages', 3],
    ['services', 'Services', 3],
    ...sitterServices.map((service) => [rateFieldName(service), `${serviceLabels[service]} rate`, 3] as const),
    ['location', 'Address', 4],
    ['availability', 'Weekly hours', 4],
  ],
} as const satisfies Record<'owner' | 'sitter', readonly (readonly [string, string, number])[]>

/** The step's problems in page order; a field of another step (the final check of the dog) is named without a link. */
function stepProblems(flow: 'owner' | 'sitter', step: number, errors: StepErrors): FormProblem[] {
  const known: readonly (readonly [string, string, number])[] = fieldsOf[flow]
  const listed = Object.keys(errors).sort((a, b) => rank(a) - rank(b))
  return listed.flatMap((name) => {
    const field = known.find(([candidate]) => candidate === name)
    return (errors[name] ?? []).map((message) => ({ fieldId: field?.[2] === step ? name : null, label: field?.[1] ?? name, message }))
  })
  function rank(name: string) {
    const index = known.findIndex(([candidate]) => candidate === name)
    return index === -1 ? known.length : index
  }
}

export function OwnerStep({ step, draft, name, profilePhoto, errors, problemSummary, answer, toast }: StepProps<OwnerDraft>) {
  return (
    <StepShell flow="owner" step={step} title={ownerTitles[step - 1] ?? ''} toast={toast} errors={errors} problemSummary={problemSummary} answer={answer}>
      {step === 1 ? <PhotoAndName nameField="ownerName" name={draft.ownerName ?? name} photo={profilePhoto} errors={errors} /> : null}
      {step === 2 ? (
        <>
          <DogPhotos images={draft.images} errors={errors.images} />
          <Text label="Dog's name" name="dogName" value={draft.dogName} errors={errors} />
          <Text label="Breed" name="dogBreed" value={draft.dogBreed} errors={errors} />
          <Text label="Age" name="dogAge" value={draft.dogAge} errors={errors} placeholder="2 years" />
          <WeightSlider value={draft.dogWeight} errors={errors} />
        </>
      ) : null}
      {step === 3 ? (
        <>
          <Choices legend="Personality traits" name="selectedTraits" options={dogTraits.map((t) => [t, t])} selected={draft.selectedTraits} errors={errors} />
          <TextArea label="About your dog" name="dogBio" value={draft.dogBio} errors={errors} />
        </>
      ) : null}
      {step === 4 ? (
        <>
          <Choices legend="Favourite activities" name="selectedActivities" options={dogActivities.map((a) => [a, a])} selected={draft.selectedActivities} errors={errors} />
          <div className="flex items-start gap-3">
            <input type="checkbox" id="listedForSitting" name="listedForSitting" defaultChecked={draft.listedForSitting} aria-describedby="listedForSitting-hint" className="mt-3.5 size-4 accent-brand-700" />
            <div>
              <label htmlFor="listedForSitting" className="tap-target flex items-center font-medium">
                List for sitting
              </label>
              <p id="listedForSitting-hint" className="text-sm text-stone-600">
                Sitters nearby can find {draft.dogName?.trim() || 'your dog'} and offer a walk. You can change this on the dog's page.
              </p>
            </div>
          </div>
        </>
      ) : null}
    </StepShell>
  )
}

export function SitterStep({
  step,
  draft,
  name,
  profilePhoto,
  tileUrl,
  rateHints,
  errors,
  problemSummary,
  answer,
  toast,
}: StepProps<SitterDraft> & { rateHints: RateHints | null }) {
  return (
    <StepShell flow="sitter" step={step} title={sitterTitles[step - 1] ?? ''} toast={toast} errors={errors} problemSummary={problemSummary} answer={answer}>
      {step === 1 ? <PhotoAndName nameField="sitterName" name={draft.sitterName ?? name} photo={profilePhoto} errors={errors} /> : null}
      {step === 2 ? (
        <>
          <fieldset id="experience">
            <legend className="mb-2 text-sm font-medium">Years of experience</legend>
            <div className="grid grid-cols-2 gap-2">
              {experienceLevels.map((level) => (
                <label key={level} className={chipClass}>
                  <input type="radio" name="experience" value={level} defaultChecked={draft.experience === level} className="accent-brand-700" />
                  {experienceLabels[level]}
                </label>
              ))}
            </div>
          </fieldset>
          <TextArea label="Bio" name="bio" value={draft.bio} errors={errors} placeholder="Tell owners about yourself and your experience with dogs" />
        </>
      ) : null}
      {step === 3 ? (
        <>
          <Choices legend="Dog sizes" name="dogSizes" options={dogSizes.map((s) => [s, dogSizeLabels[s]])} selected={draft.dogSizes} errors={errors} />
          <Choices legend="Dog ages" name="dogAges" options={dogAgeGroups.map((a) => [a, dogAgeGroupLabels[a]])} selected={draft.dogAges} errors={errors} />
          <ServicesWithRates draft={draft} hints={rateHints} errors={errors} />
          <label className="tap-target flex items-center gap-2">
            <input type="checkbox" name="acceptsMultipleDogs" defaultChecked={draft.acceptsMultipleDogs} className="size-4 accent-brand-700" />
            I can care for more than one dog at a time
          </label>
        </>
      ) : null}
      {step === 4 ? (
        <>
          <LocationPicker
            inputId="location"
            foundToast="onboarding"
            tileUrl={tileUrl}
            defaultValue={{ location: draft.location ?? null, latitude: draft.latitude ?? null, longitude: draft.longitude ?? null }}
            errors={{ location: errors.location }}
          />
          <WeeklyHours draft={draft} errors={errors} />
        </>
      ) : null}
    </StepShell>
  )
}

type StepShellProps = Pick<StepProps<unknown>, 'step' | 'errors' | 'problemSummary' | 'answer' | 'toast'> & {
  flow: 'owner' | 'sitter'
  title: string
  children: ReactNode
}

function StepShell({ flow, step, title, errors, problemSummary, answer, toast, children }: StepShellProps) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  const last = step === 4
  return (
    <Page width="narrow" className="flex flex-1 flex-col gap-6" toast={toast}>
      <header className="space-y-3 text-center">
        <ol className="flex justify-center gap-2" aria-label={`Step ${step} of 4`}>
          {[1, 2, 3, 4].map((dot) => (
            <li key={dot} aria-current={dot === step ? 'step' : undefined} className={`h-2 rounded-full ${dot === step ? 'w-6 bg-brand-700' : dot < step ? 'w-2 bg-brand-600' : 'w-2 bg-stone-300'}`} />
          ))}
        </ol>
        <p className="text-sm text-stone-500">{flow === 'owner' ? 'Dog owner' : 'Dog sitter'} · Step {step} of 4</p>
        <h1 className="text-2xl font-bold">{title}</h1>
      </header>
      <Form id={onboardingFormId} method="post" encType="multipart/form-data" noValidate className="flex flex-1 flex-col gap-5" replace>
        <FormErrorSummary problems={stepProblems(flow, step, errors)} description={problemSummary} focusKey={answer} />
        {children}
        {/* Continue comes first in the markup so Enter continues; Back is shown on the left. */}
        <div className="mt-auto flex flex-row-reverse gap-3 pt-4">
          <Button type="submit" name="intent" value="continue" disabled={busy} className="flex-1">
            {busy && navigation.formData?.get('intent') === 'continue' ? 'Saving...' : last ? 'Complete' : 'Continue'}
          </Button>
          <Button type="submit" name="intent" value="back" variant="secondary" disabled={busy} className="flex-1">
            Back
          </Button>
        </div>
      </Form>
    </Page>
  )
}

const chipClass =
  'tap-target flex cursor-pointer items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50'

function FieldError({ errors, id }: { errors: string[] | undefined; id: string }) {
  return errors?.length ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {errors[0]}
    </p>
  ) : null
}

function Text({ label, name, value, errors, placeholder }: { label: string; name: string; value?: string; errors: StepErrors; placeholder?: string }) {
  const invalid = Boolean(errors[name]?.length)
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input type="text" id={name} name={name} defaultValue={value} placeholder={placeholder} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${name}-error` : undefined} className="w-full rounded-lg border border-stone-300 px-3 py-2.5 aria-[invalid=true]:border-red-500" />
      <FieldError errors={errors[name]} id={`${name}-error`} />
    </div>
  )
}

function TextArea({ label, name, value, errors, placeholder }: { label: string; name: string; value?: string; errors: StepErrors; placeholder?: string }) {
  const invalid = Boolean(errors[name]?.length)
  return (
    <div>
      <label htmlFor={name} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <textarea id={name} name={name} defaultValue={value} placeholder={placeholder} rows={4} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${name}-error` : undefined} className="w-full rounded-lg border border-stone-300 px-3 py-2.5 aria-[invalid=true]:border-red-500" />
      <FieldError errors={errors[name]} id={`${name}-error`} />
    </div>
  )
}

function Choices({ legend, name, options, selected, errors }: { legend: string; name: string; options: [string, string][]; selected: readonly string[]; errors: StepErrors }) {
  const invalid = Boolean(errors[name]?.length)
  return (
    <fieldset id={name} aria-invalid={invalid || undefined} aria-describedby={invalid ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map(([value, label]) => (
          <label key={value} className={chipClass}>
            <input type="checkbox" name={name} value={value} defaultChecked={selected.includes(value)} className="accent-brand-700" />
            {label}
          </label>
        ))}
      </div>
      <FieldError errors={errors[name]} id={`${name}-error`} />
    </fieldset>
  )
}

/** Spec section 9: the dog weight slider, 0 to 50 kg, step 1, default 15. */
function WeightSlider({ value, errors }: { value: string; errors: StepErrors }) {
  return (
    <div>
      <SliderField
        id="dogWeight"
        name="dogWeight"
        label="Weight (kg)"
        unit="kg"
        min={0}
        max={50}
        step={1}
        defaultValue={value || '15'}
        errorId="dogWeight-error"
        invalid={Boolean(errors.dogWeight?.length)}
      />
      <FieldError errors={errors.dogWeight} id="dogWeight-error" />
    </div>
  )
}

function PhotoAndName({ nameField, name, photo, errors }: { nameField: string; name: string; photo: string | null; errors: StepErrors }) {
  const src = imageUrl(photo, 320)
  return (
    <>
      <PhotoPicker
        id="photo"
        name={profilePhotoFields.file}
        keptName={profilePhotoFields.kept}
        label={src ? 'Change profile photo' : 'Choose profile photo'}
        errors={errors.photo}
        sendOnChoose={uploadPhotoIntent}
        current={
          src ? (
            <img src={src} alt="Your profile photo" width={96} height={96} className="size-24 rounded-full object-cover" />
          ) : (
            <span className="flex size-24 items-center justify-center rounded-full bg-brand-100 text-4xl font-bold text-brand-800" aria-hidden>
              {name.charAt(0).toUpperCase() || <PawIcon />}
            </span>
          )
        }
      />
      <div>
        <label htmlFor={nameField} className="mb-1 block text-sm font-medium">
          Your name
        </label>
        <input
          type="text"
          id={nameField}
          name={nameField}
          defaultValue={name}
          autoComplete="name"
          aria-invalid={errors[nameField]?.length ? true : undefined}
          aria-describedby={errors[nameField]?.length ? `${nameField}-error` : undefined}
          className="w-full rounded-lg border border-stone-300 px-3 py-2.5 aria-[invalid=true]:border-red-500"
        />
        <FieldError errors={errors[nameField]} id={`${nameField}-error`} />
      </div>
    </>
  )
}

function DogPhotos({ images, errors }: { images: string[]; errors?: string[] }) {
  return (
    <PhotoPicker
      id="images"
      name="images"
      keptName={keptDogPhotosField}
      label="Add dog photos"
      max={maxDogImages}
      limitMessage={photoLimitMessage}
      errors={errors}
      saved={images.map((path, index) => ({
        path,
        alt: `Dog photo ${index + 1}`,
        remove: { label: `Remove photo ${index + 1}`, name: 'intent', value: `remove-photo:${path}` },
      }))}
    />
  )
}

/**
 * Step 3's services, each with its rate in the service's unit (DESIGN.md rulings 21, 23) and what sitters
 * nearby charge for it. A rate shows once its service is ticked (CSS, so without JavaScript too).
 */
function ServicesWithRates({ draft, hints, errors }: { draft: SitterDraft; hints: RateHints | null; errors: StepErrors }) {
  const invalid = Boolean(errors.services?.length)
  return (
    <fieldset id="services" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'services-error' : undefined}>
      <legend className="mb-1 text-sm font-medium">Services and your rates</legend>
      <p className="mb-2 text-sm text-stone-600">Owners see these prices and book at them. You can change them later in your profile.</p>
      <ul className="grid gap-2">
        {sitterServices.map((service) => {
          const field = rateFieldName(service)
          const unit = rateUnits[service]
          const median = hints?.medianCents[service]
          const rateInvalid = Boolean(errors[field]?.length)
          const rate = draft.rates[service]
          return (
            <li key={service} className="group rounded-lg border border-stone-300 bg-white px-3 py-2 has-[input[name=services]:checked]:border-brand-600 has-[input[name=services]:checked]:bg-brand-50">
              <label className="tap-target flex cursor-pointer items-center gap-2 text-sm font-medium">
                <input type="checkbox" name="services" value={service} defaultChecked={draft.services.includes(service)} className="accent-brand-700" />
                {serviceLabels[service]}
              </label>
              <div className="hidden pb-1 pl-6 group-has-[input[name=services]:checked]:block">
                <div className="flex items-center gap-2">
                  <label htmlFor={field} className="text-sm text-stone-700">
                    Your rate
                    <span className="sr-only"> for {serviceLabels[service]}, in dollars per {unit}</span>
                  </label>
                  <span aria-hidden className="text-stone-600">
                    $
                  </span>
                  <input
                    type="number"
                    id={field}
                    name={field}
                    inputMode="decimal"
                    min={0}
                    max={1000}
                    step={0.5}
                    defaultValue={rate === undefined ? undefined : String(rate)}
                    aria-invalid={rateInvalid || undefined}
                    aria-describedby={[rateInvalid ? `${field}-error` : null, median === undefined ? null : `${field}-hint`].filter(Boolean).join(' ') || undefined}
                    className="w-24 rounded-lg border border-stone-300 px-3 py-2 aria-[invalid=true]:border-red-500"
                  />
                  <span aria-hidden className="text-sm text-stone-600">
                    per {unit}
                  </span>
                </div>
                {median === undefined || !hints ? null : (
                  <p id={`${field}-hint`} className="mt-1 text-sm text-stone-600">
                    Sitters {hints.around} charge about {formatRate(service, Math.round(median / 100) * 100)}
                  </p>
                )}
                <FieldError errors={errors[field]} id={`${field}-error`} />
              </div>
            </li>
          )
        })}
      </ul>
      <FieldError errors={errors.services} id="services-error" />
    </fieldset>
  )
}

/** The last step's weekly hours: the stated default, ticked and chosen, for the sitter to confirm or change. */
function WeeklyHours({ draft, errors }: { draft: SitterDraft; errors: StepErrors }) {
  const hours = weeklyHoursFormOf(draft)
  const invalid = Boolean(errors.availability?.length)
  const select = 'rounded-lg border border-stone-300 bg-white px-3 py-2.5'
  return (
    <fieldset id="availability" aria-invalid={invalid || undefined} aria-describedby={invalid ? 'availability-error availability-hint' : 'availability-hint'}>
      <legend className="mb-1 text-sm font-medium">Your weekly hours</legend>
      <p id="availability-hint" className="mb-2 text-sm text-stone-600">
        Owners can book you in these hours. We start you with {defaultWeeklyHoursText}: keep them or change them, here or later in your profile.
      </p>
      <div className="flex flex-wrap gap-2">
        {weekdays.map((day) => (
          <label key={day.value} className={chipClass}>
            <input type="checkbox" name="hoursWeekdays" value={day.value} defaultChecked={hours.weekdays.includes(day.value)} className="accent-brand-700" />
            <span aria-hidden>{day.short}</span>
            <span className="sr-only">{day.label}</span>
          </label>
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          From
          <select name="hoursStart" defaultValue={hours.startTime} className={select}>
            {quarterHours.map((time) => (
              <option key={time}>{time}</option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm">
          to
          <select name="hoursEnd" defaultValue={hours.endTime} className={select}>
            {quarterHours.map((time) => (
              <option key={time}>{time}</option>
            ))}
          </select>
        </label>
      </div>
      <FieldError errors={errors.availability} id="availability-error" />
    </fieldset>
  )
}
