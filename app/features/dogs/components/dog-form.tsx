import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { type ReactNode } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { PendingUpload } from '#app/lib/photo-rules.ts'
import { Button } from '#app/ui/button.tsx'
import { CheckboxChips } from '#app/ui/checkbox-chips.tsx'
import { FieldErrors, TextAreaField, TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, type FieldLabels, FormErrorSummary, useErrorSummary, useSettledAnswer } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import type { SavedPhoto } from '#app/ui/photo-picker.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'
import { dogActivities, dogAvailabilitySlots, dogSizeLabels, dogSizes, dogTraits, emojiForTrait } from '../options.ts'
import { keptDogPhotosField, maxDogImages, photoLimitMessage } from '../limits.ts'
import type { DogFormValue, DogInput } from '../schema.ts'

// The add-dog and edit-dog form (spec section 2, Dog forms): every field of the spec, traits, activities
// and availability as checkbox chips, the 'listed for sitting' switch with the size, and the photo picker.
// A multipart POST with intent 'save'; it works without JavaScript and validates as you type with it.

export type DogFormActionData = {
  result?: SubmissionResult<string[]>
  /** The photos of this submit the server kept for the next one (it failed), and why any others were not taken. */
  photos?: PendingUpload[]
  photoErrors?: string[]
}

// The picker's script comes after the page's (app/ui/shown-later.tsx): until then its file input works as without
// JavaScript, and the rest of the form does not wait for its previews.
const PhotoPicker = shownLater(() => import('#app/ui/photo-picker.tsx').then((m) => m.PhotoPicker), { everyVisit: true })

/** A saved photo's Delete button posts the form without saving it. */
const uncheckedButtons = [{ name: 'imageUrl' }]
const loadValidator = validatorLoader(() => import('../validators.ts').then((m) => m.validateDogForm))

/** The photo picker's file input, where the summary's 'Photos' problem leads. */
const photoInputId = 'dog-images'

/** The fields in page order, as the error summary names them (the photos come first, from `photoError`). */
const fieldLabels: FieldLabels = [
  ['name', 'Name'],
  ['breed', 'Breed'],
  ['age', 'Age'],
  ['weight', 'Weight (kg)'],
  ['height', 'Height'],
  ['bio', 'Bio'],
  ['personality', 'Personality traits'],
  ['activities', 'Favorite activities'],
  ['availability', 'Availability'],
  ['listedForSitting', 'Listed for sitting'],
  ['size', 'Size'],
]

export function DogForm({
  id,
  constraint,
  actionData,
  defaultValue,
  savedPhotos,
  submitLabel,
  cancelTo,
}: {
  id: string
  /** getZodConstraint(DogFieldsSchema), computed by the route's loader so zod stays out of the page's first load. */
  constraint: ReturnType<typeof getZodConstraint>
  actionData: DogFormActionData | undefined
  defaultValue?: DogFormValue
  /** The dog's saved photos, each with its Delete button (edit form). */
  savedPhotos?: SavedPhoto[]
  submitLabel: string
  cancelTo: string
}) {
  const navigation = useNavigation()
  // A saved photo's Delete button posts this form too (with imageUrl): that is not a save.
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save' && !navigation.formData.has('imageUrl')
  const answered = useSettledAnswer(actionData)
  const onValidate = useLazyValidation<DogFormValue, DogInput>(loadValidator, uncheckedButtons)
  const [form, fields] = useForm<DogFormValue, DogInput, string[]>({
    id,
    lastResult: answered?.result,
    defaultValue,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = [
    ...(answered?.photoErrors ?? []).map((message) => ({ fieldId: photoInputId, label: 'Photos', message })),
    ...conformProblems(form, fieldLabels),
  ]
  const messages = form.errors ?? []
  const summary = useErrorSummary(answered?.photoErrors?.length ? answered : failedAnswer(answered?.result), form.onSubmit, problems.length + messages.length)

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-6">
      <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
      <input type="hidden" name="intent" value="save" />
      <Section title="Photos">
        <PhotoPicker
          id={photoInputId}
          name="images"
          keptName={keptDogPhotosField}
          label="Add photos"
          max={maxDogImages}
          limitMessage={photoLimitMessage}
          saved={savedPhotos}
          kept={answered?.photos}
          errors={answered?.photoErrors}
        />
      </Section>

      <Section title="About your dog">
        <TextField label="Name" field={fields.name} inputProps={{ autoComplete: 'off' }} />
        <TextField label="Breed" field={fields.breed} inputProps={{ placeholder: 'Labrador Retriever' }} />
        <TextField label="Age" field={fields.age} inputProps={{ placeholder: '2 years' }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Weight (kg)" field={fields.weight} inputProps={{ placeholder: '15', inputMode: 'decimal' }} />
          <TextField label="Height" field={fields.height} inputProps={{ placeholder: '55 cm' }} />
        </div>
        <TextAreaField label="Bio" field={fields.bio} textareaProps={{ placeholder: 'What makes your dog special?', maxLength: 1000 }} />
      </Section>

      <Section title="Personality">
        <CheckboxChips hideLegend legend="Personality traits" field={fields.personality} options={dogTraits} emojiOf={emojiForTrait} />
      </Section>
      <Section title="Activities">
        <CheckboxChips hideLegend legend="Favorite activities" field={fields.activities} options={dogActivities} />
      </Section>
      <Section title="Availability">
        <CheckboxChips hideLegend legend="When can your dog be walked?" field={fields.availability} options={dogAvailabilitySlots} />
      </Section>

      <Section title="Sitting">
        <label className="tap-target flex items-start gap-3">
          <input
            {...getInputProps(fields.listedForSitting, { type: 'checkbox' })}
            key={fields.listedForSitting.key}
            role="switch"
            className="peer mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-stone-300 transition-colors before:m-0.5 before:block before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          />
          <span>
            <span className="block font-medium">Listed for sitting</span>
            <span className="block text-sm text-stone-600">Sitters nearby can find this dog and offer a walk.</span>
          </span>
        </label>
        <SizeSelect field={fields.size} />
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={cancelTo} className="tap-target flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-center font-medium hover:bg-stone-100">
          Cancel
        </Link>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </Form>
  )
}

function SizeSelect({ field }: { field: FieldMetadata<string | undefined> }) {
  const { key, ...props } = getSelectProps(field)
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
        Size
      </label>
      <select
        key={key}
        {...props}
        className="tap-target w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
      >
        <option value="">Based on weight</option>
        {dogSizes.map((size) => (
          <option key={size} value={size}>
            {dogSizeLabels[size]}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}
