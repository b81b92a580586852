import { z } from 'zod'
import { dogAgeGroups, dogSizes, type DogAgeGroup, type DogSize } from '#app/features/dogs/options.ts'
import { availabilityIssues } from '#app/features/availability/schedule-schema.ts'
import { rateUnits } from '#app/features/sitters/rates.ts'
import { type CancellationTerms, cancellationTerms } from '#app/features/sitters/cancellation-terms.ts'
import { coordinatesOfSubmittedText } from '#app/features/geo/location-form.ts'
import { experienceLevels, sitterServices, type ExperienceLevel, type SitterService } from '#app/features/sitters/options.ts'
import { dollarsToCents } from '#app/lib/money.ts'
import { nameText, plainText } from '#app/lib/plain-text.ts'

// The edit-profile form (/profile/edit) and its JSON twin (PATCH /api/users/{id}). Both share every
// field rule and message below and turn into one ProfileUpdate, which updateProfile() saves.
// They differ in one way only: the form always sends the whole profile (an empty field clears it),
// while the API is a real PATCH (a field left out stays as it is).

export const nameRequiredMessage = 'Name is required'

/** The rules of the API's edit-profile payload that concern two fields together. */
export const profileUpdateMessages = {
  coordinatesTogether: 'Latitude and longitude go together',
  locationWithCoordinates: 'Send the location text with its coordinates',
} as const

const name = nameText('Name', { error: nameRequiredMessage })
  .min(1, { error: nameRequiredMessage })
  .max(100, { error: 'Name must be at most 100 characters' })

const phoneMessage = 'Please enter a valid phone number'
const phoneNumber = plainText('Phone number', { error: phoneMessage })
  .max(30, { error: 'Phone number must be at most 30 characters' })
  .regex(/^$|^\+?[\d\s().\-/]{5,}$/, { error: phoneMessage })

const bio = plainText('Bio', { multiline: true }).max(2000, { error: 'Bio must be at most 2000 characters' })

const locationText = plainText('Location')
  .max(300, { error: 'Location must be at most 300 characters' })

const latitude = z
  .number({ error: 'Latitude must be a number between -90 and 90' })
  .min(-90, { error: 'Latitude must be a number between -90 and 90' })
  .max(90, { error: 'Latitude must be a number between -90 and 90' })

const longitude = z
  .number({ error: 'Longitude must be a number between -180 and 180' })
  .min(-180, { error: 'Longitude must be a number between -180 and 180' })
  .max(180, { error: 'Longitude must be a number between -180 and 180' })

const experience = z.enum(experienceLevels, { error: 'Please choose your experience' })
const service = z.enum(sitterServices, { error: 'Please choose a known service' })
const dogSize = z.enum(dogSizes, { error: 'Please choose a known dog size' })
const dogAge = z.enum(dogAgeGroups, { error: 'Please choose a known dog age' })

export const cancellationTermsMessage = 'Cancellation terms must be flexible, moderate or strict'
/** Optional in both: a form or client that does not send it keeps the saved terms (DESIGN.md ruling 28). */
const terms = z.enum(cancellationTerms, { error: cancellationTermsMessage })

/** A rate in dollars, in its service's unit (DESIGN.md rulings 15 and 21: stored in cents, shown in USD). */
export const rateDollars = z
  .number({ error: 'Rate must be a number of dollars' })
  .min(0, { error: 'Rate cannot be negative' })
  .max(1000, { error: 'Rate must be at most $1000' })

/** Every offered service needs its rate (DESIGN.md ruling 23: nobody is listed without a price). */
export const missingRateMessage = (service: SitterService) => `Enter your rate per ${rateUnits[service]}`

const time = z
  .string({ error: 'Time is required' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time such as 09:00' })

const breedsText = plainText('Preferred breeds').max(500, { error: 'Preferred breeds must be at most 500 characters' })
const breedList = z
  .array(plainText('A breed').max(60, { error: 'A breed must be at most 60 characters' }))
  .max(30, { error: 'At most 30 preferred breeds' })

export type AvailabilityRange = { weekday: number; startTime: string; endTime: string }

export type SitterProfilePatch = {
  experience?: ExperienceLevel
  acceptsMultipleDogs?: boolean
  hasHomeVisit?: boolean
  canHostOvernight?: boolean
  dogSizes?: DogSize[]
  dogAges?: DogAgeGroup[]
  preferredDogBreeds?: string[]
  services?: SitterService[]
  /** Per service, in cents; null clears a rate. A service missing here keeps its rate (or gets defaultRateCents). */
  ratesCents?: Partial<Record<SitterService, number | null>>
  /** The API's single `rate`: for every offered service not named in ratesCents. */
  defaultRateCents?: number | null
  /** Per service, what each further dog adds in cents (DESIGN.md ruling 28); null clears it, a service missing here keeps it. */
  extraDogRatesCents?: Partial<Record<SitterService, number | null>>
  availability?: AvailabilityRange[]
  cancellationTerms?: CancellationTerms
}

/** What updateProfile() saves. `undefined` leaves a field as it is; null clears it. */
export type ProfileUpdate = {
  name?: string
  phoneNumber?: string | null
  bio?: string | null
  /** The address text with its coordinates, saved as sent (null: geocode the text). Null text clears it. */
  location?: { text: string | null; latitude: number | null; longitude: number | null }
  /** Only saved for users with the sitter role (owner-only accounts have no sitter profile). */
  sitter?: SitterProfilePatch
}

const unique = <T>(values: readonly T[]) => [...new Set(values)]
const centsOrNull = (dollars: number | null | undefined) => (dollars == null ? null : dollarsToCents(dollars))
const emptyToNull = (value: string | null | undefined) => (value ? value : null)
export const splitBreeds = (text: string) => unique(text.split(',').map((breed) => breed.trim()).filter(Boolean))

// ---- the page form ----

const formRate = rateDollars.optional()
const FormRatesSchema = z.object({
  walking: formRate,
  sitting: formRate,
  boarding: formRate,
  daycare: formRate,
  training: formRate,
  grooming: formRate,
} satisfies Record<SitterService, typeof formRate>)

/**
 * One row per weekday range of the form. `available` is the day's checkbox; an unchecked row is
 * not saved, so its times may be anything.
 */
const AvailabilityRowSchema = z.object({
  weekday: z.number({ error: 'Unknown weekday' }).int().min(1).max(7),
  available: z.boolean().default(false),
  startTime: time.optional(),
  endTime: time.optional(),
})

/**
 * /profile/edit. Everyone's form has the location; the sitter fields are rendered only for sitters,
 * and the form says so with `sitterSections`, so an owner's save leaves them alone.
 */
export const EditProfileFieldsSchema = z
  .object({
    sitterSections: z.boolean().default(false),
    name,
    phoneNumber: phoneNumber.optional(),
    bio: bio.optional(),
    location: locationText.optional(),
    latitude: latitude.optional(),
    longitude: longitude.optional(),
    /** The address text the hidden coordinates belong to (see features/geo/location-form.ts). */
    coordinatesFor: locationText.optional(),
    experience: experience.default('0-1'),
    services: z.array(service).default([]),
    rates: FormRatesSchema.default({}),
    extraDogRates: FormRatesSchema.default({}),
    acceptsMultipleDogs: z.boolean().default(false),
    hasHomeVisit: z.boolean().default(false),
    canHostOvernight: z.boolean().default(false),
    dogSizes: z.array(dogSize).default([]),
    dogAges: z.array(dogAge).default([]),
    preferredDogBreeds: breedsText.optional(),
    availability: z.array(AvailabilityRowSchema).max(50).default([]),
    cancellationTerms: terms.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.sitterSections) {
      for (const service of unique(value.services)) {
        if (value.rates[service] === undefined) ctx.addIssue({ code: 'custom', path: ['rates', service], message: missingRateMessage(service) })
      }
    }
    const chosen = value.availability.flatMap((row, index) => {
      if (!row.available) return []
      const missing = (['startTime', 'endTime'] as const).filter((field) => !row[field])
      for (const field of missing) {
        ctx.addIssue({ code: 'custom', path: ['availability', index, field], message: 'Time is required' })
      }
      return row.startTime && row.endTime ? [{ index, weekday: row.weekday, startTime: row.startTime, endTime: row.endTime }] : []
    })
    for (const issue of availabilityIssues(chosen)) {
      ctx.addIssue({ code: 'custom', path: ['availability', issue.index, issue.field], message: issue.message })
    }
    if (splitBreeds(value.preferredDogBreeds ?? '').length > 30) {
      ctx.addIssue({ code: 'custom', path: ['preferredDogBreeds'], message: 'At most 30 preferred breeds' })
    }
  })

/** The form's fields as one ProfileUpdate (conform reads its constraints from EditProfileFieldsSchema). */
export const EditProfileSchema = EditProfileFieldsSchema.transform(
  (value): ProfileUpdate => ({
    name: value.name,
    phoneNumber: emptyToNull(value.phoneNumber),
    bio: emptyToNull(value.bio),
    location: { text: emptyToNull(value.location), ...coordinatesOfSubmittedText(value) },
    ...(value.sitterSections
      ? {
          sitter: {
            experience: value.experience,
            acceptsMultipleDogs: value.acceptsMultipleDogs,
            hasHomeVisit: value.hasHomeVisit,
            canHostOvernight: value.canHostOvernight,
            dogSizes: unique(value.dogSizes),
            dogAges: unique(value.dogAges),
            preferredDogBreeds: splitBreeds(value.preferredDogBreeds ?? ''),
            services: unique(value.services),
            // The form shows every rate: a blank one is no rate.
            ratesCents: Object.fromEntries(sitterServices.map((s) => [s, centsOrNull(value.rates[s])])),
            extraDogRatesCents: Object.fromEntries(sitterServices.map((s) => [s, centsOrNull(value.extraDogRates[s])])),
            availability: value.availability.flatMap((row) =>
              row.available && row.startTime && row.endTime
                ? [{ weekday: row.weekday, startTime: row.startTime, endTime: row.endTime }]
                : [],
            ),
            cancellationTerms: value.cancellationTerms,
          },
        }
      : {}),
  }),
)

export type EditProfileFormValue = z.input<typeof EditProfileSchema>

// ---- the JSON API (PATCH /api/users/{id}, the 'Edit profile' payload of spec section 7) ----

export const ProfileUpdateSchema = z
  .object({
    name: name.optional(),
    phoneNumber: phoneNumber.nullable().optional(),
    bio: bio.nullable().optional(),
    location: locationText.nullable().optional(),
    latitude: latitude.nullable().optional(),
    longitude: longitude.nullable().optional(),
    experience: experience.optional(),
    services: z.array(service).max(20).optional(),
    rates: z.partialRecord(service, rateDollars.nullable()).optional(),
    rate: rateDollars.nullable().optional(),
    /** Per service, what each further dog adds in the service's unit (dollars); null clears it. */
    extraDogRates: z.partialRecord(service, rateDollars.nullable()).optional(),
    acceptsMultipleDogs: z.boolean({ error: 'Must be true or false' }).optional(),
    hasHomeVisit: z.boolean({ error: 'Must be true or false' }).optional(),
    canHostOvernight: z.boolean({ error: 'Must be true or false' }).optional(),
    dogSizes: z.array(dogSize).max(10).optional(),
    dogAges: z.array(dogAge).max(10).optional(),
    preferredDogBreeds: z.union([breedList, breedsText], { error: 'Preferred breeds must be a list of names' }).optional(),
    availability: z
      .array(z.object({ weekday: z.number().int().min(1).max(7), startTime: time, endTime: time }))
      .max(50)
      .optional(),
    cancellationTerms: terms.optional(),
  })
  .superRefine((value, ctx) => {
    const hasPoint = value.latitude != null || value.longitude != null
    if (hasPoint && (value.latitude == null || value.longitude == null)) {
      ctx.addIssue({ code: 'custom', path: ['longitude'], message: profileUpdateMessages.coordinatesTogether })
    }
    if (hasPoint && value.location === undefined) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: profileUpdateMessages.locationWithCoordinates })
    }
    const ranges = (value.availability ?? []).map((range, index) => ({ ...range, index }))
    for (const issue of availabilityIssues(ranges)) {
      ctx.addIssue({ code: 'custom', path: ['availability', issue.index, issue.field], message: issue.message })
    }
  })
  .transform((value): ProfileUpdate => {
    const breeds = value.preferredDogBreeds
    const sitter: SitterProfilePatch = {
      experience: value.experience,
      acceptsMultipleDogs: value.acceptsMultipleDogs,
      hasHomeVisit: value.hasHomeVisit,
      canHostOvernight: value.canHostOvernight,
      dogSizes: value.dogSizes && unique(value.dogSizes),
      dogAges: value.dogAges && unique(value.dogAges),
      preferredDogBreeds: breeds === undefined ? undefined : typeof breeds === 'string' ? splitBreeds(breeds) : unique(breeds.filter(Boolean)),
      services: value.services && unique(value.services),
      ratesCents:
        value.rates &&
        Object.fromEntries(Object.entries(value.rates).map(([s, dollars]) => [s, centsOrNull(dollars)])),
      defaultRateCents: value.rate === undefined ? undefined : centsOrNull(value.rate),
      extraDogRatesCents:
        value.extraDogRates &&
        Object.fromEntries(Object.entries(value.extraDogRates).map(([s, dollars]) => [s, centsOrNull(dollars)])),
      availability: value.availability,
      cancellationTerms: value.cancellationTerms,
    }
    const hasSitterFields = Object.values(sitter).some((field) => field !== undefined)
    return {
      name: value.name,
      phoneNumber: value.phoneNumber === undefined ? undefined : emptyToNull(value.phoneNumber),
      bio: value.bio === undefined ? undefined : emptyToNull(value.bio),
      location:
        value.location === undefined
          ? undefined
          : { text: emptyToNull(value.location), latitude: value.latitude ?? null, longitude: value.longitude ?? null },
      sitter: hasSitterFields ? sitter : undefined,
    }
  })

/** The role screen's save (DESIGN.md section 4: `PATCH /api/users/{id}` with `{role}`). */
export const RoleSaveSchema = z.object({
  role: z.enum(['owner', 'sitter'], { error: 'Role must be owner or sitter' }),
})

export type ProfilePayloadKind = 'role' | 'sitter-onboarding' | 'owner-onboarding' | 'profile'

/**
 * Which of the four 'Profile update payloads' of spec section 7 a PATCH body is: the onboarding
 * payloads carry `sitterName` / `ownerName`, the role save only `role` (and `id`), everything else
 * is an edit-profile payload.
 */
export function profilePayloadKind(body: unknown): ProfilePayloadKind {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'profile'
  const keys = Object.keys(body)
  if (keys.includes('sitterName')) return 'sitter-onboarding'
  if (keys.includes('ownerName')) return 'owner-onboarding'
  if (keys.includes('role') && keys.every((key) => key === 'role' || key === 'id')) return 'role'
  return 'profile'
}
