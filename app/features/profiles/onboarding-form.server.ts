import { coordinatesOfSubmittedText } from '#app/features/geo/location-form.ts'
import { sitterServices } from '#app/features/sitters/options.ts'
import {
  type OwnerDraft,
  OwnerDraftSchema,
  type SitterDraft,
  SitterDraftSchema,
} from './onboarding-steps.ts'
import { rateFieldName, type StepErrors } from './onboarding-form-parts.ts'

// Reads the fields one step's form sends and merges them into the saved draft. Only that step's
// fields change: an unticked checkbox on this step clears it, other steps stay as they were. A value
// the draft schema refuses (control characters, an unknown trait, a bad number) is not saved; its
// message comes back by field.

const textOf = (fields: FormData, name: string) => {
  const value = fields.get(name)
  return typeof value === 'string' ? value.trim() : undefined
}
const listOf = (fields: FormData, name: string) => fields.getAll(name).filter((v): v is string => typeof v === 'string')
const numberOf = (fields: FormData, name: string) => {
  const value = textOf(fields, name)
  return value ? Number(value) : undefined
}

export function readOwnerStep(step: number, fields: FormData, draft: OwnerDraft): StepRead<OwnerDraft> {
  const patch: Partial<Record<keyof OwnerDraft, unknown>> =
    step === 1
      ? { ownerName: textOf(fields, 'ownerName') }
      : step === 2
        ? {
            dogName: textOf(fields, 'dogName'),
            dogBreed: textOf(fields, 'dogBreed'),
            dogAge: textOf(fields, 'dogAge'),
            dogWeight: textOf(fields, 'dogWeight') ?? '',
          }
        : step === 3
          ? { selectedTraits: listOf(fields, 'selectedTraits'), dogBio: textOf(fields, 'dogBio') }
          : { selectedActivities: listOf(fields, 'selectedActivities'), listedForSitting: fields.get('listedForSitting') === 'on' }
  return mergeInto(OwnerDraftSchema, draft, patch)
}

export function readSitterStep(step: number, fields: FormData, draft: SitterDraft): StepRead<SitterDraft> {
  const read = mergeInto(SitterDraftSchema, draft, sitterStepPatch(step, fields))
  return step === 3 ? readRates(fields, read) : read
}

function sitterStepPatch(step: number, fields: FormData): Partial<Record<keyof SitterDraft, unknown>> {
  return (
    step === 1
      ? { sitterName: textOf(fields, 'sitterName') }
      : step === 2
        ? { experience: textOf(fields, 'experience'), bio: textOf(fields, 'bio') }
        : step === 3
          ? {
              dogSizes: listOf(fields, 'dogSizes'),
              dogAges: listOf(fields, 'dogAges'),
              services: listOf(fields, 'services'),
              acceptsMultipleDogs: fields.get('acceptsMultipleDogs') === 'on',
            }
          : { ...locationOf(fields), ...weeklyHoursOf(fields) }
  )
}

/** Step 3's rates, one field per service (`rates.walking`): a blank one clears that rate, a refused one keeps the saved. */
function readRates(fields: FormData, { draft, errors }: StepRead<SitterDraft>): StepRead<SitterDraft> {
  let merged = draft
  const rateErrors: StepErrors = {}
  for (const service of sitterServices) {
    const text = textOf(fields, rateFieldName(service))
    if (text === undefined) continue
    const { [service]: _previous, ...others } = merged.rates
    const rates = text === '' ? others : { ...others, [service]: Number(text.replace(/^\$/, '')) }
    const attempt = SitterDraftSchema.safeParse({ ...merged, rates })
    if (attempt.success) merged = attempt.data
    else rateErrors[rateFieldName(service)] = attempt.error.issues.map((issue) => issue.message)
  }
  return { draft: merged, errors: { ...errors, ...rateErrors } }
}

/** Step 4's weekly hours: the same start and end on every ticked day (a form without the hours leaves them). */
function weeklyHoursOf(fields: FormData): { availability?: unknown } {
  const startTime = textOf(fields, 'hoursStart')
  const endTime = textOf(fields, 'hoursEnd')
  if (startTime === undefined && endTime === undefined) return {}
  return { availability: listOf(fields, 'hoursWeekdays').map((weekday) => ({ weekday: Number(weekday), startTime, endTime })) }
}

/** Step 4: the address and, when they belong to it, its coordinates (stale ones are dropped: the text is geocoded). */
function locationOf(fields: FormData) {
  const location = textOf(fields, 'location')
  const { latitude, longitude } = coordinatesOfSubmittedText({
    location,
    latitude: numberOf(fields, 'latitude'),
    longitude: numberOf(fields, 'longitude'),
    coordinatesFor: textOf(fields, 'coordinatesFor'),
  })
  return { location, latitude: latitude ?? undefined, longitude: longitude ?? undefined }
}

export type StepRead<T> = { draft: T; errors: StepErrors }

/** Keeps what parses; a refused value keeps the saved one and reports why. */
function mergeInto<T extends object>(
  schema: {
    safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }
  },
  draft: T,
  patch: Record<string, unknown>,
): StepRead<T> {
  let merged = draft
  const errors: StepErrors = {}
  for (const [key, value] of Object.entries(patch)) {
    const attempt = schema.safeParse({ ...merged, [key]: value })
    if (attempt.success) merged = attempt.data
    else errors[key] = attempt.error.issues.map((issue) => issue.message)
  }
  return { draft: merged, errors }
}
