import { expect, test } from 'vitest'
import { readOwnerStep, readSitterStep } from './onboarding-form.server.ts'
import { gateMessage, OwnerDraftSchema, ownerStepMissing, SitterDraftSchema, sitterStepMissing } from './onboarding-steps.ts'

const form = (entries: [string, string][]) => {
  const data = new FormData()
  for (const [name, value] of entries) data.append(name, value)
  return data
}

test('owner step 2 needs the dog name, breed, age and weight', () => {
  const draft = readOwnerStep(2, form([['dogName', 'Rex'], ['dogBreed', ''], ['dogAge', '2 years'], ['dogWeight', '15']]), OwnerDraftSchema.parse({}))
  expect(ownerStepMissing(2, draft)).toEqual(['dogBreed'])
})

test('owner step 3 keeps only canonical traits and needs one', () => {
  const empty = readOwnerStep(3, form([['selectedTraits', 'Sneaky']]), OwnerDraftSchema.parse({}))
  expect(ownerStepMissing(3, empty)).toEqual(['selectedTraits'])
  const chosen = readOwnerStep(3, form([['selectedTraits', 'Friendly'], ['selectedTraits', 'Social']]), empty)
  expect(chosen.selectedTraits).toEqual(['Friendly', 'Social'])
  expect(ownerStepMissing(3, chosen)).toEqual([])
})

test('a later step leaves earlier answers alone', () => {
  const withDog = readOwnerStep(2, form([['dogName', 'Rex'], ['dogBreed', 'Collie'], ['dogAge', '2'], ['dogWeight', '20']]), OwnerDraftSchema.parse({}))
  const next = readOwnerStep(4, form([['selectedActivities', 'Fetch']]), withDog)
  expect(next).toMatchObject({ dogName: 'Rex', selectedActivities: ['Fetch'] })
})

test('sitter steps 2 to 4 need experience and bio, a size, age and service, then a located address', () => {
  const blank = SitterDraftSchema.parse({})
  expect(blank.experience).toBe('0-1')
  expect(sitterStepMissing(2, blank)).toEqual(['bio'])
  const preferences = readSitterStep(3, form([['dogSizes', 'small'], ['services', 'walking']]), blank)
  expect(sitterStepMissing(3, preferences)).toEqual(['dogAges'])
  const address = readSitterStep(4, form([['location', 'Bahnhofstrasse 1'], ['latitude', ''], ['longitude', '']]), blank)
  expect(sitterStepMissing(4, address)).toEqual(['location'])
  const located = readSitterStep(4, form([['location', 'Bahnhofstrasse 1'], ['latitude', '47.3686'], ['longitude', '8.5392']]), blank)
  expect(sitterStepMissing(4, located)).toEqual([])
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
