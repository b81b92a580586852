// DESIGN.md ruling 1: one canonical list per concept, stored by name.
export const dogTraits = [
  'Friendly',
  'Energetic',
  'Calm',
  'Playful',
  'Shy',
  'Independent',
  'Curious',
  'Affectionate',
  'Social',
  'Protective',
] as const

export const dogActivities = [
  'Walking',
  'Running',
  'Fetch',
  'Swimming',
  'Dog Park',
  'Agility',
  'Hiking',
  'Training',
  'Socializing',
  'Relaxing',
] as const

export const dogAvailabilitySlots = ['Weekday', 'Weekend'].flatMap((days) =>
  ['Mornings', 'Afternoons', 'Evenings'].map((part) => `${days} ${part}`),
) as readonly string[]

export const dogSizes = ['small', 'medium', 'large'] as const
export const dogAgeGroups = ['puppy', 'adult', 'senior'] as const

export type DogTrait = (typeof dogTraits)[number]
export type DogActivity = (typeof dogActivities)[number]
export type DogSize = (typeof dogSizes)[number]
export type DogAgeGroup = (typeof dogAgeGroups)[number]

export const dogSizeLabels: Record<DogSize, string> = {
  small: 'Small (up to 10kg)',
  medium: 'Medium (10-25kg)',
  large: 'Large (25kg+)',
}

export const dogAgeGroupLabels: Record<DogAgeGroup, string> = {
  puppy: 'Puppy (0-1 year)',
  adult: 'Adult (1-7 years)',
  senior: 'Senior (7+ years)',
}

/** Spec: small up to 10 kg, medium 10-25 kg, large above 25 kg. */
export function sizeForWeight(weightKg: number | null): DogSize | null {
  if (weightKg === null) return null
  if (weightKg <= 10) return 'small'
  if (weightKg <= 25) return 'medium'
  return 'large'
}

export const traitEmoji: Record<string, string> = {
  Friendly: '😊',
  Energetic: '⚡',
  Calm: '😌',
  Playful: '🎾',
  Shy: '🙈',
  Independent: '🦅',
  Curious: '🔍',
  Affectionate: '❤️',
  Protective: '🛡️',
}

/** The emoji of a personality tag: the spec's nine, and a paw for any other. */
export const emojiForTrait = (trait: string) => traitEmoji[trait] ?? '🐾'
