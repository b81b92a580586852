import { expect, test } from 'vitest'
import { readOwnerStep, readSitterStep } from './onboarding-form.server.ts'
import { gateMessage, OwnerDraftSchema, ownerStepErrors, SitterDraftSchema, sitterStepErrors } from './onboarding-steps.ts'

const form = (entries: [string, string][]) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

const required = ['This field is required']

test('owner step 2 needs the dog name, breed, age and weight', () => {
  const { draft } = readOwnerStep(2, form([['dogName', 'Rex'], ['dogBreed', ''], ['dogAge', '2 years'], ['dogWeight', '15']]), OwnerDraftSchema.parse({}))
  expect(ownerStepErrors(2, draft)).toEqual({ dogBreed: required })
})

test('owner step 2 takes only what the dog form takes: a readable age, a weight up to 100 kg', () => {
  const { draft } = readOwnerStep(
    2,
    form([['dogName', 'Rex'], ['dogBreed', 'Collie'], ['dogAge', 'old'], ['dogWeight', 'about 900 kg']]),
    OwnerDraftSchema.parse({}),
  )
  expect(ownerStepErrors(2, draft)).toEqual({
    dogAge: ['Please enter an age like "2 years" or "6 months"'],
    dogWeight: ['Please enter a weight in kg, like "15"'],
  })
})

test('a name with a control character is refused by field and not saved in the draft', () => {
  const { draft, errors } = readOwnerStep(2, form([['dogName', 'Rex\u0000'], ['dogBreed', 'Collie']]), OwnerDraftSchema.parse({}))
  expect(errors).toEqual({ dogName: ["Dog's name must not contain control characters"] })
  expect(draft.dogName).toBeUndefined()
  expect(draft.dogBreed).toBe('Collie')
})

test('owner step 3 keeps only canonical traits and needs one', () => {
  const empty = readOwnerStep(3, form([['selectedTraits', 'Sneaky']]), OwnerDraftSchema.parse({})).draft
  expect(ownerStepErrors(3, empty)).toEqual({ selectedTraits: ['Choose at least one'] })
  const chosen = readOwnerStep(3, form([['selectedTraits', 'Friendly'], ['selectedTraits', 'Social']]), empty).draft
  expect(chosen.selectedTraits).toEqual(['Friendly', 'Social'])
  expect(ownerStepErrors(3, chosen)).toEqual({})
})

test('a later step leaves earlier answers alone', () => {
  const withDog = readOwnerStep(2, form([['dogName', 'Rex'], ['dogBreed', 'Collie'], ['dogAge', '2'], ['dogWeight', '20']]), OwnerDraftSchema.parse({})).draft
  const next = readOwnerStep(4, form([['selectedActivities', 'Fetch']]), withDog).draft
  expect(next).toMatchObject({ dogName: 'Rex', selectedActivities: ['Fetch'] })
})

test('sitter steps 2 to 4 need experience and bio, a size, age, service and its rate, then a located address', () => {
  const blank = SitterDraftSchema.parse({})
  expect(blank.experience).toBe('0-1')
  expect(sitterStepErrors(2, blank)).toEqual({ bio: required })
  const preferences = readSitterStep(3, form([['dogSizes', 'small'], ['services', 'walking']]), blank).draft
  expect(sitterStepErrors(3, preferences)).toEqual({ dogAges: ['Choose at least one'], 'rates.walking': ['Enter your rate per hour'] })
  const address = readSitterStep(4, form([['location', 'Bahnhofstrasse 1'], ['latitude', ''], ['longitude', '']]), blank).draft
  expect(sitterStepErrors(4, address)).toEqual({ location: ['Please enter your address'] })
  const located = readSitterStep(
    4,
    form([['location', 'Bahnhofstrasse 1'], ['latitude', '47.3686'], ['longitude', '8.5392'], ['coordinatesFor', 'Bahnhofstrasse 1']]),
    blank,
  ).draft
  expect(sitterStepErrors(4, located)).toEqual({})
})

test('sitter step 4 drops coordinates that belong to another address text (an edited address without JavaScript)', () => {
  const blank = SitterDraftSchema.parse({})
  const stale = readSitterStep(
    4,
    form([['location', 'Langstrasse 100, Zürich'], ['latitude', '47.3686'], ['longitude', '8.5392'], ['coordinatesFor', 'Bahnhofstrasse 1, Zürich']]),
    blank,
  ).draft
  expect(stale).toMatchObject({ location: 'Langstrasse 100, Zürich', latitude: undefined, longitude: undefined })
})

test('the gates speak as the spec says: continuing, and submitting on the last step', () => {
  expect(gateMessage('owner', 2)).toEqual({
    title: 'Missing information',
    description: 'Please complete all required fields before continuing',
  })
  expect(gateMessage('owner', 4).description).toBe('Please complete all required fields before submitting')
  expect(gateMessage('sitter', 3)).toEqual({ title: 'Please complete all required fields before continuing' })
  expect(gateMessage('sitter', 4)).toEqual({ title: 'Please complete all required fields before submitting' })
})
