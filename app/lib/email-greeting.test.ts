import { expect, test } from 'vitest'
import { emailGreeting } from './email-greeting.ts'

test('an e-mail greets the first word of the name without the punctuation around it', () => {
  expect(emailGreeting('Anna Keller')).toBe('Hi Anna,')
  expect(emailGreeting('Smith, John')).toBe('Hi Smith,')
  expect(emailGreeting('  (Zoë)  Brunner')).toBe('Hi Zoë,')
  expect(emailGreeting("O'Brien-Smith Kate")).toBe("Hi O'Brien-Smith,")
})

test('a name without letters or digits gets a greeting without a name', () => {
  expect(emailGreeting('...')).toBe('Hi there,')
  expect(emailGreeting('   ')).toBe('Hi there,')
})
