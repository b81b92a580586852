// DESIGN.md ruling 1: canonical sitter enumerations, stored by name.
export const experienceLevels = ['0-1', '1-3', '3-5', '5+'] as const
export type ExperienceLevel = (typeof experienceLevels)[number]

export const experienceLabels: Record<ExperienceLevel, string> = {
  '0-1': 'Less than 1 year',
  '1-3': '1-3 years',
  '3-5': '3-5 years',
  '5+': 'More than 5 years',
}

export const sitterServices = ['walking', 'sitting', 'boarding', 'daycare', 'training', 'grooming'] as const
export type SitterService = (typeof sitterServices)[number]

export const serviceLabels: Record<SitterService, string> = {
  walking: 'Dog Walking',
  sitting: 'Dog Sitting',
  boarding: 'Boarding',
  daycare: 'Daycare',
  training: 'Training',
  grooming: 'Grooming',
}
