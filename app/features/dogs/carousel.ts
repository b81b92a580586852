// The dog detail carousel (spec section 2): previous and next wrap at both ends. Without JavaScript the
// controls are links to `?photo=N` (1-based), so the server renders the photo chosen.

/** `index` moved into 0..count-1, wrapping both ways (-1 is the last photo, count the first). */
export function wrapIndex(index: number, count: number) {
  if (count <= 0) return 0
  return ((index % count) + count) % count
}

/** The photo a `?photo=N` asks for, 0-based; anything unreadable is the first photo. */
export function photoIndexFromParam(param: string | null, count: number) {
  const number = Number(param)
  if (!param || !Number.isInteger(number) || number < 1) return 0
  return wrapIndex(number - 1, count)
}

/** The link of the photo at a 0-based index. */
export const photoHref = (pathname: string, index: number) => `${pathname}?photo=${index + 1}`
