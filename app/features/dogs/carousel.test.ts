import { expect, test } from 'vitest'
import { photoHref, photoIndexFromParam, wrapIndex } from './carousel.ts'

test('previous from the first photo is the last, next from the last is the first', () => {
  expect(wrapIndex(-1, 3)).toBe(2)
  expect(wrapIndex(3, 3)).toBe(0)
  expect(wrapIndex(1, 3)).toBe(1)
  expect(wrapIndex(5, 0)).toBe(0)
})

test('?photo=N is 1-based; anything unreadable shows the first photo', () => {
  expect(photoIndexFromParam('2', 3)).toBe(1)
  expect(photoIndexFromParam('4', 3)).toBe(0)
  expect(photoIndexFromParam(null, 3)).toBe(0)
  expect(photoIndexFromParam('0', 3)).toBe(0)
  expect(photoIndexFromParam('two', 3)).toBe(0)
  expect(photoHref('/dogs/abc', 1)).toBe('/dogs/abc?photo=2')
})
