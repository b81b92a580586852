import { z } from 'zod'
import { dogActivities, dogAgeGroups, dogSizes, dogTraits } from '#app/features/dogs/options.ts'
import { experienceLevels, sitterServices } from '#app/features/sitters/options.ts'

// The drafts of the two onboarding steppers (spec section 3) and their gates (section 5).
export const onboardingFlows = ['owner', 'sitter'] as const
export type OnboardingFlow = (typeof onboardingFlows)[number]
export const onboardingStepCount = 4

const text = z.string().trim().max(2000).optional()
const names = <T extends readonly [string, ...string[]]>(options: T) => z.array(z.enum(options)).default([])

export const OwnerDraftSchema = z.object({
  ownerName: text,
  ownerPhoto: z.string().optional(),
  dogName: text,
  dogBreed: text,
  dogAge: text,
  dogWeight: z.string().default('15'),
  dogBio: text,
  selectedTraits: names(dogTraits),
  selectedActivities: names(dogActivities),
  images: z.array(z.string()).default([]),
})

export const SitterDraftSchema = z.object({
  sitterName: text,
  sitterPhoto: z.string().optional(),
  experience: z.enum(experienceLevels).default('0-1'),
  bio: text,
  dogSizes: names(dogSizes),
  dogAges: names(dogAgeGroups),
  services: names(sitterServices),
  acceptsMultipleDogs: z.boolean().default(false),
  location: text,
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
})

export type OwnerDraft = z.infer<typeof OwnerDraftSchema>
export type SitterDraft = z.infer<typeof SitterDraftSchema>

const filled = (value: string | undefined) => Boolean(value?.trim())

/** Spec section 5, owner gates: step 1 always passes; 2 needs the dog's basics; 3 a trait; 4 an activity. */
export function ownerStepMissing(step: number, draft: OwnerDraft): string[] {
  if (step === 2) {
    return (['dogName', 'dogBreed', 'dogAge', 'dogWeight'] as const).filter((field) => !filled(draft[field]))
  }
  if (step === 3) return draft.selectedTraits.length ? [] : ['selectedTraits']
  if (step === 4) return draft.selectedActivities.length ? [] : ['selectedActivities']
  return []
}

/** Spec section 5, sitter gates: 2 needs experience and bio; 3 a size, an age and a service; 4 a located address. */
export function sitterStepMissing(step: number, draft: SitterDraft): string[] {
  if (step === 2) return [...(draft.experience ? [] : ['experience']), ...(filled(draft.bio) ? [] : ['bio'])]
  if (step === 3) {
    return (['dogSizes', 'dogAges', 'services'] as const).filter((field) => draft[field].length === 0)
  }
  if (step === 4) {
    const located = filled(draft.location) && draft.latitude !== undefined && draft.longitude !== undefined
    return located ? [] : ['location']
  }
  return []
}

export function gateMessage(flow: OnboardingFlow, step: number) {
  const when = step === onboardingStepCount ? 'before submitting' : 'before continuing'
  const message = `Please complete all required fields ${when}`
  // The owner stepper titles it 'Missing information'; the sitter stepper shows the sentence alone.
  return flow === 'owner' ? { title: 'Missing information', description: message } : { title: message }
}
