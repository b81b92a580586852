import { expect, test } from 'vitest'
import { firstNameOf, formatRating, replyTimeText, reviewCountText } from './sitter-format.ts'

test.each([
  [0, 'a minute'],
  [1.4, 'a minute'],
  [25, '25 minutes'],
  [59.4, '59 minutes'],
  [60, 'an hour'],
  [61, '2 hours'],
  [23 * 60 + 1, '24 hours'],
  [24 * 60, 'a day'],
  [24 * 60 + 1, '2 days'],
])('a median reply of %d minutes reads "within %s"', (minutes, text) => {
  expect(replyTimeText(minutes)).toBe(text)
})

test('ratings to one decimal, review counts, first names', () => {
  expect(formatRating(4)).toBe('4.0')
  expect(formatRating(4.67)).toBe('4.7')
  expect([reviewCountText(1), reviewCountText(12)]).toEqual(['1 review', '12 reviews'])
  expect([firstNameOf('Anna Keller'), firstNameOf('  Jo  '), firstNameOf('')]).toEqual(['Anna', 'Jo', ''])
})
