// A zone's offsets from UTC over about two years around now, as the server's Intl reads them (zoned-time.ts's
// zoneOffsetsAround): the pages that show times in the viewer's zone send its offsets, so the browser reads it through them
// rather than Intl, whose first formatter costs a phone tens of milliseconds before the page can hydrate (decision
// 121), and server and browser read the zone alike. Safe in the browser; small, as every page loads it.

/**
 * In whole seconds, as short as the page's data can carry them: `offsets` is `from, offset, from, offset, ...`, each
 * offset holding from its `from` (ascending) until the next, the last until `until`.
 */
export type ZoneOffsets = { timeZone: string; offsets: number[]; until: number }

/** The offsets the server sent, by zone (in the browser; the server reads Intl). */
const known = new Map<string, ZoneOffsets>()

/** Lets this browser read the zone without Intl within the span (a page that reads it, as it renders); the server reads Intl. */
export function knowZoneOffsets(span: ZoneOffsets) {
  if (typeof document !== 'undefined') known.set(span.timeZone, span)
}

/** The zone's offset (ms) at an instant (ms) from the span sent for it; undefined without one or outside it. */
export function knownOffsetAt(timeZone: string, instant: number) {
  const span = known.get(timeZone)
  const second = Math.floor(instant / 1000)
  if (!span || second < span.offsets[0]! || second >= span.until) return undefined
  let found = span.offsets[1]!
  for (let index = 2; index < span.offsets.length && span.offsets[index]! <= second; index += 2) found = span.offsets[index + 1]!
  return found * 1000
}
