import { z } from 'zod'
import { imageSizes } from '#app/lib/image-url.ts'
import { nameText, plainText } from '#app/lib/plain-text.ts'
import { parseAgeToMonths } from './age.ts'
import { canonicalNames, type NameKind } from './canonical-names.ts'
import type { Dog } from './dog.ts'
import { photoLimitMessage } from './limits.ts'
import { dogActivities, dogAvailabilitySlots, dogSizes, dogTraits, sizeForWeight } from './options.ts'

// The one schema of a dog, for every way a dog is made or changed: the dog form (/dogs/add,
// /dogs/{id}/edit), its JSON twins (POST /api/dogs, PATCH /api/dogs/{id}) and owner onboarding. The page
// parses the form with conform, the API first renames the spec's field variants (traits[], personality,
// ...) to the form's names with `dogFieldsFromApi`, onboarding renames its draft (dogName, ...).

/** Spec section 9: at most 3 photos per dog, and only 3 displayed. */
export { maxDogImages } from './limits.ts'

export const dogMessages = {
  nameRequired: 'Name is required',
  breedRequired: 'Breed is required',
  ageRequired: 'Age is required',
  ageUnreadable: 'Please enter an age like "2 years" or "6 months"',
  weightUnreadable: 'Please enter a weight in kg, like "15"',
  weightRange: 'Weight must be between 0 and 100 kg',
  bioTooLong: 'Bio must be at most 1000 characters',
  photoLimit: photoLimitMessage,
  dogNotFound: 'Dog not found',
  imageNotFound: 'Image not found',
  idMismatch: 'The id in the body does not match the URL',
} as const

const maxWeightKg = 100

// What the OpenAPI document states (issue 30): the common ways to write an age and a weight that the rules below
// read (they also read more: other units and spellings, any case, 'kilos'). An age is years (0 to 30, a bare
// number too), months (0 to 360) or weeks; a weight 0 to 100 kg.
const agePattern =
  '^(?:(?:30(?:[.,]0{1,2})?|[12]?\\d(?:[.,]\\d{1,2})?)(?: years?(?: old)?)?|(?:360|3[0-5]\\d|[12]?\\d{1,2}) months?(?: old)?|\\d{1,3} weeks?(?: old)?)$'
const weightPattern = '^(?:100(?:[.,]0+)?|\\d{1,2}(?:[.,]\\d+)?)(?: ?kg)?$'

const requiredText = (message: string, label: string, max: number, text = plainText) =>
  text(label, { error: message })
    .min(1, { error: message, abort: true })
    .max(max, { error: `${label} must be at most ${max} characters` })

/** '15', '15.5', '15,5 kg', '-3' (read, then refused by the range): the kilograms, or null when unreadable. */
export function readWeightKg(text: string): number | null {
  const match = text.trim().match(/^(-?\d+(?:[.,]\d+)?)\s*(?:kg|kgs|kilos?|kilograms?)?$/i)
  return match?.[1] ? Number(match[1].replace(',', '.')) : null
}

const weight = plainText('Weight', { error: dogMessages.weightUnreadable })
  .superRefine((text, ctx) => {
    if (text === '') return
    const kg = readWeightKg(text)
    if (kg === null) ctx.addIssue({ code: 'custom', message: dogMessages.weightUnreadable })
    else if (kg < 0 || kg > maxWeightKg) ctx.addIssue({ code: 'custom', message: dogMessages.weightRange })
  })
  .meta({ pattern: weightPattern, examples: ['15', '15.5 kg'] })

/** The canonical names of each list, which the OpenAPI document offers (any case and separator is read too). */
const canonicalLists: Record<NameKind, readonly string[]> = { personality: dogTraits, activities: dogActivities, availability: dogAvailabilitySlots }

/** A list of names stored in their canonical spelling; an unknown name is a 400 that names it. */
const nameList = (kind: NameKind) =>
  z
    .array(z.string({ error: `Each ${kind} entry must be text` }).meta({ enum: [...canonicalLists[kind]] }))
    .max(30, { error: `At most 30 ${kind} entries` })
    .default([])
    .transform((names, ctx) => {
      const result = canonicalNames(kind, names)
      if (result.ok) return result.names
      ctx.addIssue({ code: 'custom', message: result.message })
      return z.NEVER
    })

/** What the form posts (conform turns empty fields into undefined and a ticked checkbox into true). */
export const DogFieldsSchema = z.object({
  name: requiredText(dogMessages.nameRequired, 'Name', 100, nameText),
  breed: requiredText(dogMessages.breedRequired, 'Breed', 100),
  age: requiredText(dogMessages.ageRequired, 'Age', 50)
    .refine((text) => parseAgeToMonths(text) !== null, {
      error: dogMessages.ageUnreadable,
    })
    .meta({ pattern: agePattern, examples: ['2 years', '6 months'] }),
  weight: weight.optional(),
  height: plainText('Height').max(50, { error: 'Height must be at most 50 characters' }).optional(),
  bio: plainText('Bio', { multiline: true }).max(1000, { error: dogMessages.bioTooLong }).optional(),
  personality: nameList('personality'),
  activities: nameList('activities'),
  availability: nameList('availability'),
  listedForSitting: z.boolean({ error: 'listedForSitting must be true or false' }).default(false),
  /** Left empty, the size follows the weight (spec: small up to 10 kg, medium 10-25 kg, large above). */
  size: z.enum(dogSizes, { error: 'Size must be small, medium or large' }).optional(),
})

export type DogFormValue = z.input<typeof DogFieldsSchema>

/**
 * A validated dog, normalised for storage: the age as typed ('2 years') with its months for filters, the
 * size the owner chose or else the weight's.
 */
export type DogInput = Omit<Dog, 'id' | 'ownerId' | 'images' | 'createdAt' | 'updatedAt' | 'archivedAt'>

export const DogFormSchema = DogFieldsSchema.transform((value): DogInput => {
  const weightKg = value.weight ? readWeightKg(value.weight) : null
  return {
    name: value.name,
    breed: value.breed,
    age: value.age,
    ageMonths: parseAgeToMonths(value.age),
    weightKg,
    height: value.height || null,
    bio: value.bio || null,
    personality: value.personality,
    activities: value.activities,
    availability: value.availability,
    listedForSitting: value.listedForSitting,
    size: value.size ?? sizeForWeight(weightKg),
  }
})

/** A saved dog as form values: the edit form's defaults, and the base a partial PATCH is laid over. */
export function dogFormDefaults(dog: DogInput): DogFormValue {
  return {
    name: dog.name,
    breed: dog.breed,
    age: dog.age,
    weight: dog.weightKg === null ? undefined : String(dog.weightKg),
    height: dog.height ?? undefined,
    bio: dog.bio ?? undefined,
    personality: dog.personality,
    activities: dog.activities,
    availability: dog.availability,
    listedForSitting: dog.listedForSitting,
    // A size equal to the weight's own is left to follow the weight.
    size: dog.size && dog.size !== sizeForWeight(dog.weightKg) ? dog.size : undefined,
  }
}

// ---- the API's field variants (spec section 7, Dogs: onboarding, add form, update form) ----

const listAliases: Record<string, NameKind> = {
  personality: 'personality',
  traits: 'personality',
  activities: 'activities',
  availability: 'availability',
}
const scalarFields = ['name', 'breed', 'age', 'weight', 'height', 'bio', 'size'] as const

export type ApiDogFields = {
  /** Only the fields the request carried (an empty one is present as undefined: it clears). */
  fields: Partial<Record<keyof DogFormValue, unknown>>
  ownerId?: string
  id?: string
}

/** Array.isArray, without letting the elements be `any`. */
const isList = (value: unknown): value is unknown[] => Array.isArray(value)
const firstOf = (value: unknown) => (isList(value) ? value[0] : value)

function scalar(value: unknown): unknown {
  const single = firstOf(value)
  if (single === null || single === undefined) return undefined
  if (typeof single === 'number') return String(single)
  if (typeof single !== 'string') return single
  const trimmed = single.trim()
  return trimmed === '' ? undefined : trimmed
}

function flag(value: unknown): unknown {
  const single = firstOf(value)
  if (typeof single === 'boolean') return single
  if (single === null || single === undefined) return false
  if (typeof single !== 'string' && typeof single !== 'number') return single
  const text = String(single).trim().toLowerCase()
  if (['true', 'on', '1', 'yes'].includes(text)) return true
  if (['false', 'off', '0', 'no', ''].includes(text)) return false
  return single
}

function list(value: unknown): unknown {
  const values = isList(value) ? value : [value]
  if (!values.every((entry) => entry === null || entry === undefined || typeof entry === 'string' || typeof entry === 'number')) return value
  // A single text may list several names ('friendly, calm'); no canonical name contains a comma.
  return values.flatMap((entry) => (entry === null || entry === undefined ? [] : String(entry).split(',')))
}

/**
 * The body of POST /api/dogs or PATCH /api/dogs/{id} (multipart fields or JSON) under the form's field
 * names: `traits`, `traits[]` and `personality` are the personality; `activities[]` the activities; a
 * repeated field is a list; numbers become text; '', 'auto' and null clear a field.
 */
export function dogFieldsFromApi(body: unknown): ApiDogFields {
  const entries: Record<string, unknown> = {}
  if (body instanceof FormData) {
    for (const [rawKey, value] of body) {
      if (typeof value !== 'string') continue
      const key = rawKey.replace(/\[\]$/, '')
      const previous = entries[key]
      entries[key] = previous === undefined ? value : isList(previous) ? [...previous, value] : [previous, value]
    }
  } else if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [rawKey, value] of Object.entries(body)) entries[rawKey.replace(/\[\]$/, '')] = value
  }

  const fields: ApiDogFields['fields'] = {}
  for (const key of scalarFields) {
    if (!(key in entries)) continue
    const value = scalar(entries[key])
    fields[key] = key === 'size' && typeof value === 'string' && value.toLowerCase() === 'auto' ? undefined : value
  }
  if ('listedForSitting' in entries) fields.listedForSitting = flag(entries.listedForSitting)
  for (const [key, kind] of Object.entries(listAliases)) {
    if (!(key in entries)) continue
    const values = list(entries[key])
    const previous = fields[kind]
    fields[kind] = isList(previous) && isList(values) ? [...previous, ...values] : values
  }
  const ownerId = scalar(entries.ownerId)
  const id = scalar(entries.id)
  return {
    fields,
    ...(typeof ownerId === 'string' ? { ownerId } : {}),
    ...(typeof id === 'string' ? { id } : {}),
  }
}

// ---- deleting one photo ----

const variantSuffix = new RegExp(`-(?:${imageSizes.join('|')})\\.webp$`)

/**
 * The stored base path of an image URL: accepts the base path, a size variant
 * (`/uploads/dogs/x/y-800.webp`) or an absolute URL built from the API host.
 */
export function imageBasePathOf(url: string): string {
  let path = url.trim()
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname
    } catch {
      return path
    }
  }
  return (path.split(/[?#]/)[0] ?? '').replace(variantSuffix, '')
}

export const DeleteImageSchema = z.object({
  imageUrl: plainText('imageUrl', { error: 'imageUrl is required' })
    .min(1, { error: 'imageUrl is required' })
    .transform(imageBasePathOf),
})
