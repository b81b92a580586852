import { z } from 'zod'

// The inputs of the geocoding API (GET /api/geocode?q=, GET /api/geocode/reverse?lat&lon).
export const GeocodeSearchSchema = z.object({
  q: z
    .string({ error: 'Enter an address to search for' })
    .trim()
    .min(1, { error: 'Enter an address to search for' })
    .max(200, { error: 'The address must be at most 200 characters' }),
})

const coordinate = (name: string, limit: number) => {
  const outOfRange = `${name} must be a number between -${limit} and ${limit}`
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .transform(Number)
    .pipe(z.number({ error: outOfRange }).min(-limit, { error: outOfRange }).max(limit, { error: outOfRange }))
}

export const ReverseGeocodeSchema = z.object({
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
})
