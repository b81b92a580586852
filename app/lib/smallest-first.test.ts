import { expect, test } from 'vitest'
import { smallestFirst } from './smallest-first.ts'

let seed = 11
const scattered = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647

test('keeps the smallest few in the order a full sort gives, ties broken by the tie-break', () => {
  for (const [size, count] of [[0, 5], [3, 5], [50, 1], [500, 100], [2_000, 37]] as const) {
    // Few distinct ranks, so many ties.
    const items = Array.from({ length: size }, (_, index) => ({ rank: Math.floor(scattered() * 40), tieBreak: size - index }))
    const kept = smallestFirst<(typeof items)[number]>(count)
    for (const item of items) kept.offer(item.rank, item.tieBreak, item)

    expect(kept.inOrder()).toEqual(items.toSorted((a, b) => a.rank - b.rank || a.tieBreak - b.tieBreak).slice(0, count))
  }
})

test('keeps nothing when asked for none', () => {
  const kept = smallestFirst<string>(0)
  kept.offer(1, 1, 'a')
  expect(kept.inOrder()).toEqual([])
})
