import { keptForPublicVersion } from '#app/lib/public-page-cache.server.ts'

// How many listed sitters a search finds (its total, and for a text search how many each tier holds),
// kept per public data version for at most 5 s, as the map's cells are (decision 080). A page reads only
// the rows it shows; a count reads every match, tens of milliseconds for a common word or a filter half the
// sitters pass, so the visitors asking the same question share one count. Counts only: nothing private.

const maxCounts = 2_000

const countsNow = keptForPublicVersion(() => new Map<string, Promise<number>>())

/** `count()`, or the count kept for the same `key` in the current public data version. */
export async function keptCount(key: string, count: () => Promise<number>): Promise<number> {
  const counts = await countsNow()
  if (!counts) return count()
  const kept = counts.get(key)
  if (kept) return kept
  const counting = count()
  counts.set(key, counting)
  counting.catch(() => counts.get(key) === counting && counts.delete(key))
  if (counts.size > maxCounts) counts.delete(counts.keys().next().value!)
  return counting
}
