import { z } from 'zod'
import { plainText } from '#app/lib/plain-text.ts'

// The inputs of the geocoding API (GET /api/geocode?q=, GET /api/geocode/reverse?lat&lon).
export const GeocodeSearchSchema = z.object({
  q: plainText('The address', { error: 'Enter an address to search for' })
    .min(1, { error: 'Enter an address to search for' })
    .max(200, { error: 'The address must be at most 200 characters' }),
})

/** A coordinate as a query parameter: a number (as text, the way a query carries numbers) in its range. */
const coordinate = (name: string, limit: number) => {
  const outOfRange = `${name} must be a number between -${limit} and ${limit}`
  const required = `${name} is required`
  return z.preprocess(
    (value) => (typeof value !== 'string' ? value : value.trim() === '' ? undefined : Number(value)),
    z
      .number({ error: (issue) => (issue.input === undefined ? required : outOfRange) })
      .min(-limit, { error: outOfRange })
      .max(limit, { error: outOfRange }),
  )
}

export const ReverseGeocodeSchema = z.object({
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
})
