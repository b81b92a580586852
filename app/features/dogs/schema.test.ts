import { describe, expect, test } from 'vitest'
import { dogFieldsFromApi, DogFormSchema, dogFormDefaults, imageBasePathOf, readWeightKg } from './schema.ts'

const valid = { name: 'Rex', breed: 'Labrador', age: '2 years' }
const messagesOf = (value: unknown) => {
  const result = DogFormSchema.safeParse(value)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('the dog form schema', () => {
  test('name, breed and age are required', () => {
    expect(messagesOf({})).toEqual({ name: 'Name is required', breed: 'Breed is required', age: 'Age is required' })
    expect(messagesOf({ name: '  ', breed: ' ', age: ' ' })).toEqual({
      name: 'Name is required',
      breed: 'Breed is required',
      age: 'Age is required',
    })
  })

  test('an age must be readable, a weight in kg between 0 and 100, a bio at most 1000 characters', () => {
    expect(messagesOf({ ...valid, age: 'quite old' })).toEqual({ age: 'Please enter an age like "2 years" or "6 months"' })
    expect(messagesOf({ ...valid, weight: 'heavy' })).toEqual({ weight: 'Please enter a weight in kg, like "15"' })
    expect(messagesOf({ ...valid, weight: '101' })).toEqual({ weight: 'Weight must be between 0 and 100 kg' })
    expect(messagesOf({ ...valid, weight: '-2' })).toEqual({ weight: 'Weight must be between 0 and 100 kg' })
    expect(messagesOf({ ...valid, bio: 'x'.repeat(1001) })).toEqual({ bio: 'Bio must be at most 1000 characters' })
  })

  test('a valid dog is normalised: months, kilograms, canonical names, size from the weight', () => {
    const dog = DogFormSchema.parse({
      ...valid,
      weight: '15 kg',
      personality: ['friendly', 'Calm'],
      activities: ['dog park'],
      availability: ['weekday mornings'],
    })
    expect(dog).toEqual({
      name: 'Rex',
      breed: 'Labrador',
      age: '2 years',
      ageMonths: 24,
      weightKg: 15,
      height: null,
      bio: null,
      personality: ['Friendly', 'Calm'],
      activities: ['Dog Park'],
      availability: ['Weekday Mornings'],
      listedForSitting: false,
      size: 'medium',
    })
    expect(DogFormSchema.parse({ ...valid, weight: '5', size: 'large' }).size).toBe('large')
    expect(DogFormSchema.parse(valid).size).toBeNull()
  })

  test('an unknown trait is refused on its field', () => {
    expect(messagesOf({ ...valid, personality: ['Grumpy'] }).personality).toMatch(/^Unknown personality trait: Grumpy\./)
  })

  test('weights read as typed', () => {
    expect(readWeightKg('15')).toBe(15)
    expect(readWeightKg('15,5 kg')).toBe(15.5)
    expect(readWeightKg('15kg')).toBe(15)
    expect(readWeightKg('fifteen')).toBeNull()
  })

  test("a saved dog's form defaults parse back to the same dog", () => {
    const saved = DogFormSchema.parse({ ...valid, weight: '30', height: '60 cm', personality: ['Calm'], size: 'small', listedForSitting: true })
    const again = DogFormSchema.parse(dogFormDefaults(saved))
    expect(again).toEqual(saved)
    // A size that only follows the weight keeps following it.
    expect(dogFormDefaults({ ...saved, size: 'large' }).size).toBeUndefined()
  })
})

describe('the API field variants', () => {
  test('onboarding: traits[] names and ownerId', () => {
    const body = new FormData()
    for (const [key, value] of Object.entries({ name: 'Rex', breed: 'Lab', age: '2 years', weight: '15', ownerId: 'u1' })) body.append(key, value)
    body.append('traits[]', 'Friendly')
    body.append('traits[]', 'Calm')
    body.append('activities[]', 'Fetch')
    expect(dogFieldsFromApi(body)).toEqual({
      fields: { name: 'Rex', breed: 'Lab', age: '2 years', weight: '15', personality: ['Friendly', 'Calm'], activities: ['Fetch'] },
      ownerId: 'u1',
    })
  })

  test('add and update forms: repeated personality, activities and availability; id', () => {
    const body = new FormData()
    body.append('id', 'd1')
    body.append('personality', 'friendly')
    body.append('personality', 'shy')
    body.append('availability', 'weekend evenings')
    body.append('height', '')
    expect(dogFieldsFromApi(body)).toEqual({
      fields: { height: undefined, personality: ['friendly', 'shy'], availability: ['weekend evenings'] },
      id: 'd1',
    })
  })

  test('JSON: numbers become text, booleans as given, a text list may be comma-separated', () => {
    expect(dogFieldsFromApi({ weight: 12, listedForSitting: 'true', personality: 'calm, shy', size: 'auto', traits: ['Friendly'] }).fields).toEqual({
      weight: '12',
      listedForSitting: true,
      size: undefined,
      personality: ['calm', ' shy', 'Friendly'],
    })
    expect(dogFieldsFromApi(null)).toEqual({ fields: {} })
  })
})

test('an image URL becomes its stored base path', () => {
  expect(imageBasePathOf('/uploads/dogs/a/b')).toBe('/uploads/dogs/a/b')
  expect(imageBasePathOf('/uploads/dogs/a/b-800.webp')).toBe('/uploads/dogs/a/b')
  expect(imageBasePathOf('/uploads/dogs/a/b-320.webp?v=1')).toBe('/uploads/dogs/a/b')
  expect(imageBasePathOf('https://pawpal.example/uploads/dogs/a/b-800.webp')).toBe('/uploads/dogs/a/b')
})
