import { expect, test } from 'vitest'
import { errorStateText } from './data-states.tsx'

test('a data view error says the message, else the status, else something went wrong', () => {
  expect(errorStateText({ message: 'Failed to load conversations', status: 500 })).toBe('Failed to load conversations')
  expect(errorStateText({ status: 503 })).toBe('Error: 503')
  expect(errorStateText({})).toBe('Something went wrong')
})
