import { addRoleSide } from '#app/features/accounts/roles.server.ts'
import { getAccount, getExactPoint, updateAccount } from '#app/features/accounts/users.server.ts'
import { createDog, hasDogs } from '#app/features/dogs/dogs.server.ts'
import { maxDogImages, photoLimitMessage } from '#app/features/dogs/limits.ts'
import { fuzzLocation } from '#app/features/geo/location-privacy.server.ts'
import { defaultCentre, defaultCentreCity } from '#app/features/geo/map-settings.ts'
import { typicalRatesAround } from '#app/features/sitters/typical-rates.server.ts'
import { hasSitterProfile, saveSitterProfile } from '#app/features/sitters/sitter-profile.server.ts'
import { db } from '#app/lib/db.server.ts'
import { deleteImage, storePublicImages } from '#app/lib/images.server.ts'
import { addRefusal, describeRefusedPhotos } from '#app/lib/photo-rules.ts'
import { type MultipartForm, screenImageUploads } from '#app/lib/upload.server.ts'
import { DogFormSchema } from '#app/features/dogs/schema.ts'
import {
  dogFieldsOfDraft,
  draftDogErrors,
  offeredServicesOf,
  type OnboardingFlow,
  type OwnerDraft,
  OwnerDraftSchema,
  type SitterDraft,
  SitterDraftSchema,
} from './onboarding-steps.ts'
import { type RateHints, type StepErrors, weeklyHoursOf } from './onboarding-form-parts.ts'
import { roleForChoice } from '#app/features/accounts/roles.ts'

// The onboarding drafts live on the server (one row per user and flow), so a refresh or a
// no-JavaScript round trip between steps loses nothing.

export async function getOwnerDraft(userId: string): Promise<OwnerDraft> {
  return (await getStoredOwnerDraft(userId)).draft
}

/** The owner draft, and whether one is stored (`saveDraft` then only replaces it: see there). */
export async function getStoredOwnerDraft(userId: string): Promise<{ draft: OwnerDraft; stored: boolean }> {
  const data = await readDraft(userId, 'owner')
  return { draft: OwnerDraftSchema.parse(data ?? {}), stored: data !== null }
}

export async function getSitterDraft(userId: string): Promise<SitterDraft> {
  return SitterDraftSchema.parse((await readDraft(userId, 'sitter')) ?? {})
}

/** The stored draft's data, or null when there is none. */
async function readDraft(userId: string, flow: OnboardingFlow): Promise<unknown> {
  const row = await db
    .selectFrom('onboardingDrafts')
    .select('data')
    .where('userId', '=', userId)
    .where('flow', '=', flow)
    .executeTakeFirst()
  if (!row) return null
  try {
    return JSON.parse(row.data)
  } catch {
    return {}
  }
}

/**
 * Stores the draft. `replacing` a draft that was read as stored: false when it is gone meanwhile, as
 * completing onboarding takes it (a second identical submit of the last step must not bring it back).
 */
export async function saveDraft(userId: string, flow: OnboardingFlow, draft: OwnerDraft | SitterDraft, { replacing = false } = {}) {
  const data = JSON.stringify(draft)
  const updatedAt = new Date().toISOString()
  if (replacing) {
    const replaced = await db.updateTable('onboardingDrafts').set({ data, updatedAt }).where('userId', '=', userId).where('flow', '=', flow).executeTakeFirst()
    return Number(replaced.numUpdatedRows) > 0
  }
  await db
    .insertInto('onboardingDrafts')
    .values({ userId, flow, data, updatedAt })
    .onConflict((oc) => oc.columns(['userId', 'flow']).doUpdateSet({ data, updatedAt }))
    .execute()
  return true
}

/**
 * The hints beside the rates of sitter step 3: what sitters within 10 miles of the user's own address
 * charge, or, before the user has one (the address is the next step), sitters around the map's default city.
 */
export async function rateHintsFor(userId: string): Promise<RateHints> {
  const home = await getExactPoint(userId)
  const around = home ? 'near you' : `around ${defaultCentreCity}`
  return { around, medianCents: await typicalRatesAround(home ?? defaultCentre) }
}

/** The role screen's choice. A user who already has the other side's data becomes `both`. */
export async function chooseRole(userId: string, choice: 'owner' | 'sitter') {
  const user = await getAccount(userId)
  const hasOtherSide = choice === 'owner' ? await hasSitterProfile(userId) : await hasDogs(userId)
  const role = roleForChoice(user.role, choice, hasOtherSide)
  await updateAccount(userId, { role })
  return role
}

/**
 * Step 4 of the owner stepper: the dog with its photos, traits and activities, validated by the schema
 * every dog is made with (a draft the gates let through may still be refused: then nothing is saved);
 * the role owner.
 */
export async function completeOwnerOnboarding(
  userId: string,
  draft: OwnerDraft,
): Promise<{ ok: true; dog: { id: string } | null } | { ok: false; errors: StepErrors }> {
  const dog = DogFormSchema.safeParse(dogFieldsOfDraft(draft))
  if (!dog.success) return { ok: false, errors: draftDogErrors(draft) }
  if (draft.images.length > maxDogImages) return { ok: false, errors: { images: [photoLimitMessage] } }
  const created = await db.transaction().execute(async (trx) => {
    // The draft is taken first: of two identical submits at once, the second waits for the first to commit,
    // then finds no draft left and makes no second dog.
    const taken = await trx.deleteFrom('onboardingDrafts').where('userId', '=', userId).where('flow', '=', 'owner').executeTakeFirst()
    if (Number(taken.numDeletedRows) === 0) return null
    // The dog makes the user an owner (createDog adds the side).
    const { id } = await createDog(trx, userId, dog.data, draft.images)
    if (draft.ownerName) await updateAccount(userId, { name: draft.ownerName }, trx)
    return { id }
  })
  return { ok: true, dog: created }
}

/** Step 4 of the sitter stepper: the sitter profile with its rates and weekly hours, the location (exact and public), the role sitter. */
export async function completeSitterOnboarding(
  userId: string,
  draft: SitterDraft & { latitude: number; longitude: number; location: string },
  district: string | null,
) {
  const publicPoint = fuzzLocation(userId, draft.latitude, draft.longitude)
  await db.transaction().execute(async (trx) => {
    await saveSitterProfile(trx, userId, {
      experience: draft.experience,
      acceptsMultipleDogs: draft.acceptsMultipleDogs,
      dogSizes: draft.dogSizes,
      dogAges: draft.dogAges,
      services: offeredServicesOf(draft),
      availability: weeklyHoursOf(draft),
    })
    await addRoleSide(trx, userId, 'sitter')
    await updateAccount(
      userId,
      {
        ...(draft.sitterName ? { name: draft.sitterName } : {}),
        bio: draft.bio || null,
        location: draft.location,
        latitude: draft.latitude,
        longitude: draft.longitude,
        publicLocation: district,
        publicLatitude: publicPoint.latitude,
        publicLongitude: publicPoint.longitude,
      },
      trx,
    )
    await trx.deleteFrom('onboardingDrafts').where('userId', '=', userId).where('flow', '=', 'sitter').execute()
  })
}

/**
 * Owner step 2: the dog photos of the step's form join the draft while the dog has room (3 in all);
 * every file not taken is named, with why. The draft is not saved here.
 */
export async function addDraftDogPhotos(userId: string, draft: OwnerDraft, form: MultipartForm) {
  const screened = await screenImageUploads(form.files.images ?? [], form.oversized.images)
  const room = Math.max(0, maxDogImages - draft.images.length)
  const refused = [...screened.refused]
  for (const { name } of screened.accepted.slice(room)) addRefusal(refused, photoLimitMessage, name)
  const pictures = screened.accepted.slice(0, room).map(({ variants }) => variants)
  const added = pictures.length
    ? await db.transaction().execute((trx) => storePublicImages(trx, pictures, { kind: 'dogs', ownerKey: userId }))
    : []
  // A picture the draft holds already (the same content, so the same path) is one photo, not two.
  return { draft: { ...draft, images: [...new Set([...draft.images, ...added])] }, problems: refused.map(describeRefusedPhotos) }
}

/** Removes a photo from the owner draft and its files. */
export async function removeDraftDogPhoto(userId: string, draft: OwnerDraft, path: string) {
  if (!draft.images.includes(path)) return draft
  const next = { ...draft, images: draft.images.filter((image) => image !== path) }
  await saveDraft(userId, 'owner', next)
  await deleteImage(path)
  return next
}
