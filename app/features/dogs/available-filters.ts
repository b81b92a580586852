import { z } from 'zod'
import { maxDistanceLimits } from './available-filter-options.ts'
import { dogAgeGroups, dogSizes } from './options.ts'

// The filters of /dogs/available and GET /api/dogs/available (spec section 5, 'Available dogs
// filters'; section 9: distance slider 0-10 miles, step 0.5, default 5). They travel as query
// parameters (q, maxDistance, repeated size and age), so a filtered list is a shareable link and the
// page works without JavaScript. The page turns a bad value into its default; the API answers 400.
// The slider limits and labels live in available-filter-options.ts (no zod in the browser).

const maxDistanceMessage = `Max distance must be a number of miles from ${maxDistanceLimits.min} to ${maxDistanceLimits.max}`

const unique = <T,>(values: T[]) => [...new Set(values)]

export const AvailableDogFiltersSchema = z.object({
  q: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(100, { error: 'Search must be at most 100 characters' })
    .default(''),
  maxDistance: z.coerce
    .number({ error: maxDistanceMessage })
    .min(maxDistanceLimits.min, { error: maxDistanceMessage })
    .max(maxDistanceLimits.max, { error: maxDistanceMessage })
    // Exactly, as JSON Schema's multipleOf (the document's): zod's multipleOf rounds to the step's decimals, so
    // 5e-324 passed as a step of 0.5.
    .refine((miles) => Number.isInteger(miles / maxDistanceLimits.step), { error: `Max distance must be in steps of ${maxDistanceLimits.step} miles` })
    .meta({ multipleOf: maxDistanceLimits.step })
    .default(maxDistanceLimits.default),
  size: z
    .array(z.enum(dogSizes, { error: `Size must be one of ${dogSizes.join(', ')}` }))
    .transform(unique)
    .default([]),
  age: z
    .array(z.enum(dogAgeGroups, { error: `Age must be one of ${dogAgeGroups.join(', ')}` }))
    .transform(unique)
    .default([]),
})

export type AvailableDogFilters = z.infer<typeof AvailableDogFiltersSchema>

export const defaultAvailableDogFilters: AvailableDogFilters = {
  q: '',
  maxDistance: maxDistanceLimits.default,
  size: [],
  age: [],
}

/** The query parameters as the schema reads them (an empty field counts as left out). */
export function availableDogFilterInput(params: URLSearchParams) {
  const single = (name: string) => {
    const value = params.get(name)?.trim()
    return value ? value : undefined
  }
  return {
    q: single('q'),
    maxDistance: single('maxDistance'),
    size: params.getAll('size').filter(Boolean),
    age: params.getAll('age').filter(Boolean),
  }
}

/** The page's reading of the query: every value it cannot use falls back to its default. */
export function readAvailableDogFilters(params: URLSearchParams): AvailableDogFilters {
  const input = availableDogFilterInput(params)
  const { shape } = AvailableDogFiltersSchema
  const pick = <T,>(result: { success: true; data: T } | { success: false }, fallback: T) => (result.success ? result.data : fallback)
  const known = <T extends string>(options: readonly T[], values: string[]) =>
    unique(values.filter((value): value is T => (options as readonly string[]).includes(value)))
  return {
    q: pick(shape.q.safeParse(input.q), defaultAvailableDogFilters.q),
    maxDistance: pick(shape.maxDistance.safeParse(input.maxDistance), defaultAvailableDogFilters.maxDistance),
    size: known(dogSizes, input.size),
    age: known(dogAgeGroups, input.age),
  }
}
