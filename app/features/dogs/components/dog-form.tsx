import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { type ChangeEvent, type ReactNode, useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { CheckboxChips } from '#app/ui/checkbox-chips.tsx'
import { FieldErrors, TextAreaField, TextField } from '#app/ui/field.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { showToast } from '#app/ui/toaster.tsx'
import { dogActivities, dogAvailabilitySlots, dogSizeLabels, dogSizes, dogTraits, emojiForTrait } from '../options.ts'
import { maxDogImages, photoLimitMessage } from '../limits.ts'
import type { DogFormValue, DogInput } from '../schema.ts'

// The add-dog and edit-dog form (spec section 2, Dog forms): every field of the spec, traits, activities
// and availability as checkbox chips, the 'listed for sitting' switch with the size, and the photo picker.
// A multipart POST with intent 'save'; it works without JavaScript and validates as you type with it.

export type DogFormActionData = {
  result?: SubmissionResult<string[]>
  /** A refused photo upload (too many, too big, not a picture), shown under the picker. */
  photoError?: string
}

const maxPhotoBytes = 5 * 1024 * 1024

const loadValidator = validatorLoader(() => import('../validators.ts').then((m) => m.validateDogForm))

export function DogForm({
  id,
  constraint,
  actionData,
  defaultValue,
  existingPhotoCount,
  submitLabel,
  errorTitle,
  cancelTo,
  children,
}: {
  id: string
  /** getZodConstraint(DogFieldsSchema), computed by the route's loader so zod stays out of the page's first load. */
  constraint: ReturnType<typeof getZodConstraint>
  actionData: DogFormActionData | undefined
  defaultValue?: DogFormValue
  existingPhotoCount: number
  submitLabel: string
  /** The toast title of a failure ('Error adding dog' / 'Error updating dog'). */
  errorTitle: string
  cancelTo: string
  /** Shown above the fields, inside the form (e.g. the photos already saved). */
  children?: ReactNode
}) {
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const onValidate = useLazyValidation<DogFormValue, DogInput>(loadValidator)
  const [form, fields] = useForm<DogFormValue, DogInput, string[]>({
    id,
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const photoError = navigation.state === 'idle' ? actionData?.photoError : undefined

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="intent" value="save" />
      <Section title="Photos">
        {children}
        <PhotoPicker existing={existingPhotoCount} serverError={photoError} errorTitle={errorTitle} />
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
        <label htmlFor={fields.listedForSitting.id} className="tap-target flex items-start gap-3">
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

      <FieldErrors id={form.errorId} errors={form.errors} />
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

/** 'Add photos', or 'Limit Reached' (disabled) once the dog has 3. With JavaScript, a bad pick is refused at once. */
function PhotoPicker({ existing, serverError, errorTitle }: { existing: number; serverError?: string; errorTitle: string }) {
  const [clientError, setClientError] = useState<string | null>(null)
  const full = existing >= maxDogImages
  const error = clientError ?? serverError

  function checkFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])]
    const problem =
      existing + files.length > maxDogImages
        ? photoLimitMessage
        : files.some((file) => !file.type.startsWith('image/'))
          ? 'Please upload an image file'
          : files.some((file) => file.size > maxPhotoBytes)
            ? 'Image size should be less than 5MB'
            : null
    setClientError(problem)
    if (problem) {
      event.currentTarget.value = ''
      showToast({ type: 'error', title: errorTitle, description: problem })
    }
  }

  return (
    <div className="space-y-2">
      <label
        htmlFor="dog-images"
        className={`inline-flex items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium ${
          full ? 'border-stone-200 bg-stone-100 text-stone-500' : 'border-brand-600 bg-brand-50 text-brand-800'
        }`}
      >
        {full ? 'Limit Reached' : 'Add photos'}
      </label>
      <input
        id="dog-images"
        type="file"
        name="images"
        accept="image/*"
        multiple
        disabled={full}
        onChange={checkFiles}
        aria-invalid={error ? true : undefined}
        aria-describedby={`dog-images-hint${error ? ' dog-images-error' : ''}`}
        className="tap-target block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 disabled:opacity-50"
      />
      <p id="dog-images-hint" className="text-sm text-stone-600">
        {existing} of {maxDogImages} photos. JPEG, PNG, WebP or GIF, under 5 MB each.
      </p>
      <FieldErrors id="dog-images-error" errors={error ? [error] : undefined} />
    </div>
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
