import { dogActivities, dogAvailabilitySlots, dogTraits } from './options.ts'

// DESIGN.md ruling 1: clients send trait, activity and availability names in any spelling ('friendly',
// 'Friendly', 'weekday mornings', 'dog-park'); we store the one canonical spelling of options.ts.

export type NameKind = 'personality' | 'activities' | 'availability'

const kindLabels: Record<NameKind, string> = {
  personality: 'personality trait',
  activities: 'activity',
  availability: 'availability time',
}

const canonicalLists: Record<NameKind, readonly string[]> = {
  personality: dogTraits,
  activities: dogActivities,
  availability: dogAvailabilitySlots,
}

/** Spellings the spec's own clients send that differ from the canonical name (spec section 3, option tables). */
const aliases: Record<NameKind, Record<string, string>> = {
  personality: {},
  activities: { socialization: 'Socializing', socialisation: 'Socializing', socialising: 'Socializing' },
  availability: {},
}

/** 'Weekday_Mornings ' -> 'weekday mornings': case, separators and spacing do not matter. */
const keyOf = (name: string) => name.trim().toLowerCase().replace(/[\s_-]+/g, ' ')

const lookups = Object.fromEntries(
  (Object.keys(canonicalLists) as NameKind[]).map((kind) => [
    kind,
    new Map<string, string>([
      ...canonicalLists[kind].map((name): [string, string] => [keyOf(name), name]),
      ...Object.entries(aliases[kind]).map(([alias, name]): [string, string] => [keyOf(alias), name]),
    ]),
  ]),
) as Record<NameKind, Map<string, string>>

/** The canonical spelling of a name, or null when it is not one of ours. */
export function canonicalName(kind: NameKind, name: string): string | null {
  return lookups[kind].get(keyOf(name)) ?? null
}

export type CanonicalNames = { ok: true; names: string[] } | { ok: false; message: string }

/**
 * Canonical names in the order given, without blanks or duplicates; or the message naming what is
 * unknown, e.g. 'Unknown personality trait: Grumpy. Choose from Friendly, Energetic, ...'.
 */
export function canonicalNames(kind: NameKind, names: readonly string[]): CanonicalNames {
  const known: string[] = []
  const unknown: string[] = []
  for (const raw of names) {
    if (raw.trim() === '') continue
    const name = canonicalName(kind, raw)
    if (name === null) unknown.push(raw.trim())
    else if (!known.includes(name)) known.push(name)
  }
  if (unknown.length > 0) {
    const label = unknown.length === 1 ? kindLabels[kind] : `${kindLabels[kind]}s`.replace(/ys$/, 'ies')
    return { ok: false, message: `Unknown ${label}: ${unknown.join(', ')}. Choose from ${canonicalLists[kind].join(', ')}.` }
  }
  return { ok: true, names: known }
}
