// Owners type ages as free text ('2 years', '6 months', '3'); filters need months.
const unitMonths: Record<string, number> = { y: 12, yr: 12, yrs: 12, year: 12, years: 12, m: 1, mo: 1, month: 1, months: 1, w: 0.25, week: 0.25, weeks: 0.25 }

/** Months from a typed age; a bare number means years. Null when it cannot be read. */
export function parseAgeToMonths(text: string): number | null {
  const normalised = text.trim().toLowerCase().replace(',', '.')
  const parts = [...normalised.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]*)/g)]
  if (parts.length === 0) return null
  let months = 0
  for (const [, amount, unit = ''] of parts) {
    const factor = unit === '' ? 12 : unitMonths[unit]
    if (factor === undefined) return null
    months += Number(amount) * factor
  }
  return Math.round(months)
}

/** '2 years', '1 year', '7 months': how an age reads on a card. */
export function formatAge(months: number | null, typed: string) {
  if (months === null) return typed
  if (months < 12) return `${months} ${months === 1 ? 'month' : 'months'}`
  const years = Math.floor(months / 12)
  return `${years} ${years === 1 ? 'year' : 'years'}`
}

/** Spec: puppy 0-1 year, adult 1-7 years, senior 7+ years. */
export function ageGroupFor(months: number | null) {
  if (months === null) return null
  if (months < 12) return 'puppy'
  if (months < 84) return 'adult'
  return 'senior'
}

/** Weight typed as '15', '15 kg' or '15.5'; null when empty or unreadable. */
export function parseWeightKg(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null
  const match = String(text).replace(',', '.').match(/\d+(?:\.\d+)?/)
  return match ? Number(match[0]) : null
}
