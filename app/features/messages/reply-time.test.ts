import { expect, test } from 'vitest'
import { formatReplyTime } from './reply-time.ts'

test.each([
  [0, 'Usually replies within a minute'],
  [1, 'Usually replies within a minute'],
  [1.2, 'Usually replies within 2 minutes'],
  [40, 'Usually replies within 40 minutes'],
  [59, 'Usually replies within 59 minutes'],
  [60, 'Usually replies within an hour'],
  [61, 'Usually replies within 2 hours'],
  [119, 'Usually replies within 2 hours'],
  [120, 'Usually replies within 2 hours'],
  [1439, 'Usually replies within 24 hours'],
  [1440, 'Usually replies within a day'],
  [1441, 'Usually replies within 2 days'],
  [2000, 'Usually replies within 2 days'],
  [2881, 'Usually replies within 3 days'],
])('a median reply after %d minutes reads "%s" (rounded up, never quicker)', (minutes, text) => {
  expect(formatReplyTime(minutes)).toBe(text)
})
