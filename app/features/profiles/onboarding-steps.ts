import { z } from 'zod'
import { availabilityIssues, WeeklyRangeSchema } from '#app/features/availability/schedule-schema.ts'
import { dogActivities, dogAgeGroups, dogSizes, dogTraits } from '#app/features/dogs/options.ts'
import { DogFieldsSchema, type DogFormValue } from '#app/features/dogs/schema.ts'
import { experienceLevels, sitterServices } from '#app/features/sitters/options.ts'
import { nameText, plainText } from '#app/lib/plain-text.ts'
import { rateFieldName, type StepErrors, weeklyHoursOf } from './onboarding-form-parts.ts'
import { missingRateMessage, rateDollars } from './profile-schema.ts'

// The drafts of the two onboarding steppers (spec section 3) and their gates (section 5).
export const onboardingFlows = ['owner', 'sitter'] as const
export type OnboardingFlow = (typeof onboardingFlows)[number]
export const onboardingStepCount = 4

const limitedText = (label: string, options: Parameters<typeof plainText>[1] = {}, text = plainText) =>
  text(label, options).max(2000, { error: `${label} must be at most 2000 characters` })
const text = (label: string) => limitedText(label).optional()
const name = (label: string) => limitedText(label, {}, nameText).optional()
const longText = (label: string) => limitedText(label, { multiline: true }).optional()
/** Chosen names, each once (a JSON client may repeat one; the profile stores each once). */
const names = <T extends readonly [string, ...string[]]>(options: T) =>
  z
    .array(z.enum(options))
    .default([])
    .transform((chosen) => [...new Set(chosen)])

export const OwnerDraftSchema = z.object({
  ownerName: name('Name'),
  ownerPhoto: z.string().optional(),
  dogName: name("Dog's name"),
  dogBreed: text('Breed'),
  dogAge: text('Age'),
  dogWeight: plainText('Weight').default('15'),
  dogBio: longText('About your dog'),
  selectedTraits: names(dogTraits),
  selectedActivities: names(dogActivities),
  /** 'List for sitting' on the last step: sitters nearby find the dog on /dogs/available. */
  listedForSitting: z.boolean().default(false),
  images: z.array(z.string()).default([]),
})

export const SitterDraftSchema = z.object({
  sitterName: name('Name'),
  sitterPhoto: z.string().optional(),
  experience: z.enum(experienceLevels).default('0-1'),
  bio: longText('Bio'),
  dogSizes: names(dogSizes),
  dogAges: names(dogAgeGroups),
  services: names(sitterServices),
  acceptsMultipleDogs: z.boolean().default(false),
  /** Dollars per service, in the service's unit (DESIGN.md ruling 21); only the offered services' rates are saved. */
  rates: z.partialRecord(z.enum(sitterServices), rateDollars).default({}),
  location: text('Location'),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
  /** The weekly hours; left out, the default hours (defaultWeeklyHours) the last step offers. */
  availability: z.array(WeeklyRangeSchema).max(70, { error: 'At most 70 weekly ranges' }).optional(),
})

export type OwnerDraft = z.infer<typeof OwnerDraftSchema>
export type SitterDraft = z.infer<typeof SitterDraftSchema>

const stepMessages = {
  required: 'This field is required',
  chooseOne: 'Choose at least one',
  address: 'Please enter your address',
  weekday: 'Choose at least one day',
} as const

/** The offered services with their rates in cents (every one has a rate once the gates passed). */
export function offeredServicesOf(draft: Pick<SitterDraft, 'services' | 'rates'>) {
  return draft.services.map((service) => {
    const dollars = draft.rates[service]
    return { service, hourlyRateCents: dollars === undefined ? null : Math.round(dollars * 100) }
  })
}

const filled = (value: string | undefined) => Boolean(value?.trim())

/** The owner draft's dog in the dog form's fields: onboarding makes its dog with the schema of /dogs/add. */
export function dogFieldsOfDraft(draft: OwnerDraft): Partial<DogFormValue> {
  return {
    name: draft.dogName,
    breed: draft.dogBreed,
    age: draft.dogAge,
    weight: draft.dogWeight,
    bio: draft.dogBio,
    personality: draft.selectedTraits,
    activities: draft.selectedActivities,
    listedForSitting: draft.listedForSitting,
  }
}

/** Where each field of the dog lives in the owner draft, and on which step it is asked. */
const dogFieldInDraft = {
  name: ['dogName', 2],
  breed: ['dogBreed', 2],
  age: ['dogAge', 2],
  weight: ['dogWeight', 2],
  bio: ['dogBio', 3],
  personality: ['selectedTraits', 3],
  activities: ['selectedActivities', 4],
} as const satisfies Partial<Record<keyof DogFormValue, readonly [keyof OwnerDraft, number]>>

/** The dog schema's messages for the draft's dog, by draft field; only the fields asked on `step` (all without it). */
export function draftDogErrors(draft: OwnerDraft, step?: number): StepErrors {
  const result = DogFieldsSchema.safeParse(dogFieldsOfDraft(draft))
  if (result.success) return {}
  const errors: StepErrors = {}
  for (const issue of result.error.issues) {
    const place = dogFieldInDraft[issue.path[0] as keyof typeof dogFieldInDraft] as readonly [string, number] | undefined
    if (!place || (step !== undefined && place[1] !== step)) continue
    errors[place[0]] = [...(errors[place[0]] ?? []), issue.message]
  }
  return errors
}

/**
 * Spec section 5, owner gates: step 1 always passes; 2 needs the dog's basics; 3 a trait; 4 an activity.
 * What is given must also be a valid dog (the schema of /dogs/add: a readable age, a weight in range...).
 */
export function ownerStepErrors(step: number, draft: OwnerDraft): StepErrors {
  const missing: StepErrors = {}
  if (step === 2) {
    for (const field of ['dogName', 'dogBreed', 'dogAge', 'dogWeight'] as const) {
      if (!filled(draft[field])) missing[field] = [stepMessages.required]
    }
  }
  if (step === 3 && draft.selectedTraits.length === 0) missing.selectedTraits = [stepMessages.chooseOne]
  if (step === 4 && draft.selectedActivities.length === 0) missing.selectedActivities = [stepMessages.chooseOne]
  return { ...draftDogErrors(draft, step), ...missing }
}

const required = { error: stepMessages.required }
const chooseOne = { error: stepMessages.chooseOne }
const address = { error: stepMessages.address }
const chosen = <T extends readonly [string, ...string[]]>(options: T) => z.array(z.enum(options), chooseOne).min(1, chooseOne)

/**
 * A finished sitter onboarding: the draft with the gates of spec section 5 as rules (2: experience and a bio;
 * 3: a size, an age and a service; 4: a located address). The stepper checks each step's fields with it
 * (sitterStepErrors), the API's sitter-onboarding payload all of them, and the OpenAPI document shows it.
 */
export const SitterOnboardingSchema = SitterDraftSchema.extend({
  bio: limitedText('Bio', { multiline: true, ...required }).min(1, required),
  dogSizes: chosen(dogSizes),
  dogAges: chosen(dogAgeGroups),
  services: chosen(sitterServices),
  location: limitedText('Location', address).min(1, address),
  latitude: z.number(address).min(-90).max(90),
  longitude: z.number(address).min(-180).max(180),
  availability: z.array(WeeklyRangeSchema).min(1, { error: stepMessages.weekday }).max(70, { error: 'At most 70 weekly ranges' }).optional(),
})

const sitterStepFields: Record<number, readonly string[]> = {
  2: ['experience', 'bio'],
  3: ['dogSizes', 'dogAges', 'services', 'rates'],
  4: ['location', 'latitude', 'longitude', 'availability'],
}

/**
 * The gates of one sitter step (SitterOnboardingSchema, plus a rate for every offered service on step 3
 * and weekly hours that end after they start on step 4). The coordinates' messages show at the address,
 * a rate's at `rates.<service>`, every message about the hours at `availability`.
 */
export function sitterStepErrors(step: number, draft: SitterDraft): StepErrors {
  const result = SitterOnboardingSchema.safeParse(draft)
  const errors: StepErrors = {}
  const add = (field: string, message: string) => {
    const messages = (errors[field] ??= [])
    if (!messages.includes(message)) messages.push(message)
  }
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0])
    if (!sitterStepFields[step]?.includes(field)) continue
    if (field === 'latitude' || field === 'longitude') add('location', issue.message)
    else if (field === 'rates' && issue.path[1] !== undefined) add(`rates.${String(issue.path[1])}`, issue.message)
    else add(field, issue.message)
  }
  if (step === 3) {
    for (const service of draft.services) {
      if (draft.rates[service] === undefined) add(rateFieldName(service), missingRateMessage(service))
    }
  }
  if (step === 4) {
    const ranges = weeklyHoursOf(draft).map((range, index) => ({ ...range, index }))
    for (const issue of availabilityIssues(ranges)) add('availability', issue.message)
  }
  return errors
}

export function gateMessage(flow: OnboardingFlow, step: number) {
  const when = step === onboardingStepCount ? 'before submitting' : 'before continuing'
  const message = `Please complete all required fields ${when}`
  // The owner stepper titles it 'Missing information'; the sitter stepper shows the sentence alone.
  return flow === 'owner' ? { title: 'Missing information', description: message } : { title: message }
}
