// A zone's offsets from UTC over about two years around now, as the server's Intl reads them (zoned-time.ts's
// zoneOffsetsAround): the root route sends the viewer's with every page, so the browser reads the zone through them
// rather than Intl, whose first formatter costs a phone tens of milliseconds before the page can hydrate (decision
// 121), and server and browser read the zone alike. Safe in the browser; small, as every page loads it.

/** From each `[from, offset]` on (ms, ascending) until the next, the last until `until`. */
export type ZoneOffsets = { timeZone: string; offsets: [from: number, offset: number][]; until: number }

/** The offsets the server sent, by zone (in the browser; the server reads Intl). */
const known = new Map<string, ZoneOffsets>()

/** Lets this browser read these zones without Intl within their spans (the root component, as a page renders). */
export function knowZoneOffsets(spans: readonly ZoneOffsets[]) {
  for (const span of spans) known.set(span.timeZone, span)
}

/** The zone's offset at an instant from the span sent for it; undefined without one or outside it. */
export function knownOffsetAt(timeZone: string, instant: number) {
  const span = known.get(timeZone)
  if (!span || instant < span.offsets[0]![0] || instant >= span.until) return undefined
  let found = span.offsets[0]![1]
  for (const [from, offset] of span.offsets) {
    if (from > instant) break
    found = offset
  }
  return found
}
