import { resolveLocation, type ResolvedLocation } from '#app/features/geo/geocoder.server.ts'
import { fuzzLocation } from '#app/features/geo/location-privacy.server.ts'
import { getSitterDetails, saveSitterProfile, type SitterDetails, type SitterProfileInput } from '#app/features/sitters/sitter-profile.server.ts'
import { type AccountChanges, getRoleAndLocation, updateAccount } from '#app/features/accounts/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { completeSitterOnboarding, chooseRole } from './onboarding.server.ts'
import { gateMessage, onboardingStepCount, type SitterDraft, sitterStepErrors } from './onboarding-steps.ts'
import { missingRateMessage, type ProfileUpdate, type SitterProfilePatch } from './profile-schema.ts'
import { isSitterRole } from '#app/features/accounts/roles.ts'

// Saving the edit-profile form and its API twin (spec section 7, 'Profile update payloads').

export type ProfileUpdateFailure = {
  ok: false
  /** 400: incomplete or an address that was not found; 502: an address without coordinates, and the geocoder could not be reached. */
  status: 400 | 502
  message: string
  fieldErrors: Record<string, string[]>
}

export type ProfileUpdateResult = { ok: true } | ProfileUpdateFailure

/**
 * Saves a user's own profile: the account fields, the location (exact for the user, fuzzed and
 * district-level for everyone else: DESIGN.md ruling 8) and, for sitters, the sitter profile, all
 * in one transaction. A location that cannot be found changes nothing.
 */
export async function updateProfile(userId: string, input: ProfileUpdate): Promise<ProfileUpdateResult> {
  const current = await getRoleAndLocation(userId)

  const location = await locationChanges(userId, current, input.location)
  if (!location.ok) return location

  const sitterProfile =
    input.sitter && isSitterRole(current.role) ? mergeSitterProfile(await getSitterDetails(userId), input.sitter) : null
  const unpriced = sitterProfile?.services.filter((offered) => offered.hourlyRateCents === null) ?? []
  if (unpriced.length > 0) {
    const fieldErrors = Object.fromEntries(unpriced.map(({ service }) => [`rates.${service}`, [missingRateMessage(service)]]))
    return { ok: false, status: 400, message: missingRateMessage(unpriced[0]!.service), fieldErrors }
  }

  const changes: AccountChanges = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.phoneNumber === undefined ? {} : { phoneNumber: input.phoneNumber }),
    ...(input.bio === undefined ? {} : { bio: input.bio }),
    ...location.changes,
  }
  await db.transaction().execute(async (trx) => {
    await updateAccount(userId, changes, trx)
    if (sitterProfile) await saveSitterProfile(trx, userId, sitterProfile)
  })
  return { ok: true }
}

type CurrentLocation = {
  location: string | null
  latitude: number | null
  longitude: number | null
  hasPublicPoint: boolean
}

async function locationChanges(
  userId: string,
  current: CurrentLocation,
  input: ProfileUpdate['location'],
): Promise<{ ok: true; changes: AccountChanges } | ProfileUpdateFailure> {
  if (input === undefined) return { ok: true, changes: {} }
  if (input.text === null) {
    return {
      ok: true,
      changes: {
        location: null,
        latitude: null,
        longitude: null,
        publicLocation: null,
        publicLatitude: null,
        publicLongitude: null,
      },
    }
  }
  const samePoint =
    input.latitude === null || (input.latitude === current.latitude && input.longitude === current.longitude)
  if (input.text === current.location && samePoint && current.hasPublicPoint) return { ok: true, changes: {} }

  const resolved = await resolveLocation({ location: input.text, latitude: input.latitude, longitude: input.longitude })
  if (!resolved.ok) return locationRefusal(resolved)
  const publicPoint = fuzzLocation(userId, resolved.latitude, resolved.longitude)
  return {
    ok: true,
    changes: {
      location: resolved.location,
      latitude: resolved.latitude,
      longitude: resolved.longitude,
      publicLocation: resolved.district,
      publicLatitude: publicPoint.latitude,
      publicLongitude: publicPoint.longitude,
    },
  }
}

/** The whole sitter profile after a patch: what the patch leaves out keeps its saved value. */
export function mergeSitterProfile(current: SitterDetails | null, patch: SitterProfilePatch): SitterProfileInput {
  const savedRates = new Map(current?.services.map((s) => [s.service, s.hourlyRateCents]))
  const savedExtraDogRates = new Map(current?.services.map((s) => [s.service, s.extraDogRateCents]))
  const services = patch.services ?? current?.services.map((s) => s.service) ?? []
  const rateFor = (service: (typeof services)[number]) => {
    const given = patch.ratesCents?.[service]
    if (given !== undefined) return given
    if (patch.defaultRateCents !== undefined) return patch.defaultRateCents
    return savedRates.get(service) ?? null
  }
  return {
    experience: patch.experience ?? current?.experience ?? '0-1',
    acceptsMultipleDogs: patch.acceptsMultipleDogs ?? current?.acceptsMultipleDogs ?? false,
    hasHomeVisit: patch.hasHomeVisit ?? current?.hasHomeVisit ?? false,
    canHostOvernight: patch.canHostOvernight ?? current?.canHostOvernight ?? false,
    dogSizes: patch.dogSizes ?? current?.dogSizes ?? [],
    dogAges: patch.dogAges ?? current?.dogAges ?? [],
    preferredDogBreeds: patch.preferredDogBreeds ?? current?.preferredDogBreeds ?? [],
    services: services.map((service) => ({
      service,
      hourlyRateCents: rateFor(service),
      extraDogRateCents: patch.extraDogRatesCents?.[service] !== undefined ? patch.extraDogRatesCents[service] : (savedExtraDogRates.get(service) ?? null),
    })),
    availability: patch.availability ?? current?.availability ?? [],
    cancellationTerms: patch.cancellationTerms ?? current?.cancellationTerms,
  }
}

// ---- the other payloads of PATCH /api/users/{id} ----

/**
 * The owner-onboarding payload (role, ownerName, ownerPhoto). API clients create the dog with
 * `POST /api/dogs`; this saves the role and the name. The photo goes through the photo upload.
 */
export async function saveOwnerOnboarding(userId: string, ownerName: string | undefined) {
  await chooseRole(userId, 'owner')
  const name = ownerName?.trim()
  if (name) {
    await updateAccount(userId, { name })
  }
}

/**
 * The sitter-onboarding payload (id, role, sitterName, sitterPhoto, experience, bio, ...): the same
 * gates as the sitter stepper (spec section 5), the coordinates stored as sent, the role as
 * the role screen saves it, then the onboarding feature saves the profile. The photo goes through
 * the photo upload; `availability` is not part of the onboarding draft and is left out.
 */
export async function saveSitterOnboarding(userId: string, draft: SitterDraft): Promise<ProfileUpdateResult> {
  const fieldErrors = Object.assign({}, ...[2, 3, 4].map((step) => sitterStepErrors(step, draft))) as Record<string, string[]>
  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, status: 400, message: gateMessage('sitter', onboardingStepCount).title, fieldErrors }
  }
  const located = await locateSitterDraft(draft)
  if (!located.ok) return located
  // The payload carries the role chosen on the role screen: an owner without dogs becomes a sitter.
  await chooseRole(userId, 'sitter')
  await completeSitterOnboarding(userId, located.draft, located.district)
  return { ok: true }
}

/**
 * The sitter draft's address as it is saved (onboarding step 4 and the sitter-onboarding payload):
 * coordinates placed on the map or sent by a client are kept, an address without them is geocoded.
 */
export async function locateSitterDraft(draft: SitterDraft) {
  const resolved = await resolveLocation({ location: draft.location, latitude: draft.latitude, longitude: draft.longitude })
  if (!resolved.ok) return locationRefusal(resolved)
  const { location, latitude, longitude, district } = resolved
  return { ok: true as const, draft: { ...draft, location, latitude, longitude }, district }
}

/** An address the geocoder does not know is the user's to fix (400); an unreachable geocoder is our failure (502). */
function locationRefusal(resolved: Extract<ResolvedLocation, { ok: false }>): ProfileUpdateFailure {
  return { ok: false, status: resolved.reason === 'not-found' ? 400 : 502, message: resolved.message, fieldErrors: { location: [resolved.message] } }
}
