import { expect, test } from 'vitest'
import { canonicalName, canonicalNames } from './canonical-names.ts'

test('names in any case or spacing become the canonical spelling', () => {
  expect(canonicalName('personality', 'friendly')).toBe('Friendly')
  expect(canonicalName('personality', 'AFFECTIONATE ')).toBe('Affectionate')
  expect(canonicalName('activities', 'dog park')).toBe('Dog Park')
  expect(canonicalName('activities', 'dog-park')).toBe('Dog Park')
  expect(canonicalName('availability', 'weekday mornings')).toBe('Weekday Mornings')
  expect(canonicalName('availability', 'Weekend_Evenings')).toBe('Weekend Evenings')
})

test("the spec's submit-time spelling 'Socialization' is the activity Socializing", () => {
  expect(canonicalName('activities', 'Socialization')).toBe('Socializing')
})

test('a list keeps its order, drops blanks and duplicates', () => {
  expect(canonicalNames('personality', ['calm', '', 'Friendly', 'CALM'])).toEqual({ ok: true, names: ['Calm', 'Friendly'] })
})

test('an unknown name is refused with a message that names it and the choices', () => {
  const result = canonicalNames('personality', ['friendly', 'Grumpy'])
  expect(result.ok).toBe(false)
  if (result.ok) return
  expect(result.message).toBe(
    'Unknown personality trait: Grumpy. Choose from Friendly, Energetic, Calm, Playful, Shy, Independent, Curious, Affectionate, Social, Protective.',
  )
  expect(canonicalNames('activities', ['Flying', 'Digging'])).toMatchObject({ ok: false, message: expect.stringMatching(/^Unknown activities: Flying, Digging\./) })
  expect(canonicalNames('availability', ['midnight'])).toMatchObject({ ok: false, message: expect.stringMatching(/^Unknown availability time: midnight\./) })
})
