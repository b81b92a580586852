// Owners type ages as text ('2 years', '8 months', '3'); filters need months. Only ages that read as
// an age are accepted: a number alone (years), or amounts with a unit ('1 year 6 months',
// '1 year and 6 months', '10 weeks', '2 yrs old'); anything else is not an age.

const monthsPerUnit: Record<string, number> = {
  y: 12, yr: 12, yrs: 12, year: 12, years: 12,
  m: 1, mo: 1, mos: 1, month: 1, months: 1,
  w: 0.25, wk: 0.25, wks: 0.25, week: 0.25, weeks: 0.25,
}

/** The oldest age accepted, in months: no dog lives to 30. */
const maxAgeMonths = 30 * 12

const amount = String.raw`\d{1,3}(?:[.,]\d{1,2})?`
const bareYears = new RegExp(`^(${amount})$`)
const amountsWithUnits = new RegExp(
  String.raw`^${amount}\s*[a-z]+(?:(?:\s*,\s*|\s+and\s+|\s+)${amount}\s*[a-z]+)*(?:\s+old)?$`,
)
const amountWithUnit = new RegExp(String.raw`(${amount})\s*([a-z]+)`, 'g')

const number = (text: string) => Number(text.replace(',', '.'))

/** Months from a typed age; a bare number means years. Null when the text is not an age (or over 30 years). */
export function parseAgeToMonths(text: string): number | null {
  const normalised = text.trim().toLowerCase().replace(/\s+/g, ' ')
  const bare = bareYears.exec(normalised)
  let months = 0
  if (bare?.[1]) months = number(bare[1]) * 12
  else if (amountsWithUnits.test(normalised)) {
    for (const [, count = '', unit = ''] of normalised.replace(/ old$/, '').matchAll(amountWithUnit)) {
      const factor = monthsPerUnit[unit]
      if (factor === undefined) return null
      months += number(count) * factor
    }
  } else return null
  const rounded = Math.round(months)
  return rounded <= maxAgeMonths ? rounded : null
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
