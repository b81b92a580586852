import type { DogAgeGroup, DogSize } from './options.ts'

// What the filter sheet of /dogs/available needs in the browser: the slider's limits (spec section 9:
// 0-10 miles, step 0.5, default 5), the checkbox labels and links to filtered lists. Kept apart from
// the zod schema (available-filters.ts) so the page's JavaScript does not carry zod.

export const maxDistanceLimits = { min: 0, max: 10, step: 0.5, default: 5 } as const

/** The checkbox labels of the filter sheet (and the size shown on a card). */
export const sizeFilterLabels: Record<DogSize, string> = { small: 'Small', medium: 'Medium', large: 'Large' }
export const ageFilterLabels: Record<DogAgeGroup, string> = { puppy: 'Puppy', adult: 'Adult', senior: 'Senior' }

/**
 * How many filters of the filter sheet the user set: a max distance other than the default, each size
 * and each age. The search is not a filter, so a search alone leaves the empty list saying 'There are
 * no dogs available for sitting at the moment' (spec section 2, Available dogs).
 */
export function activeFilterCount(filters: { maxDistance: number; size: readonly DogSize[]; age: readonly DogAgeGroup[] }) {
  return (filters.maxDistance !== maxDistanceLimits.default ? 1 : 0) + filters.size.length + filters.age.length
}

/** The query string of some filters, defaults left out ('' for the defaults). */
export function availableDogFiltersSearch(filters: {
  q?: string
  maxDistance?: number
  size?: readonly DogSize[]
  age?: readonly DogAgeGroup[]
}) {
  const params = new URLSearchParams()
  if (filters.q) params.set('q', filters.q)
  if (filters.maxDistance !== undefined && filters.maxDistance !== maxDistanceLimits.default) {
    params.set('maxDistance', String(filters.maxDistance))
  }
  for (const size of filters.size ?? []) params.append('size', size)
  for (const age of filters.age ?? []) params.append('age', age)
  const search = params.toString()
  return search ? `?${search}` : ''
}
