import { expect, test } from 'vitest'
import { profileFormDefaults } from './profile-form-defaults.ts'
import type { OwnProfile } from './profile.server.ts'

const owner: OwnProfile = {
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'owner',
  accountStatus: 'active',
  phoneNumber: null,
  bio: null,
  profilePhoto: null,
  location: null,
  latitude: null,
  longitude: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  sitter: null,
}

const sitter: OwnProfile = {
  ...owner,
  role: 'sitter',
  location: 'Bahnhofstrasse 1, Zürich',
  latitude: 47.37,
  longitude: 8.54,
  sitter: {
    experience: '3-5',
    acceptsMultipleDogs: true,
    hasHomeVisit: false,
    canHostOvernight: true,
    isBackgroundChecked: false,
    verified: false,
    cancellationTerms: 'flexible',
    services: [
      { service: 'walking', hourlyRateCents: 2250, extraDogRateCents: null },
      { service: 'sitting', hourlyRateCents: null, extraDogRateCents: null },
    ],
    dogSizes: ['small'],
    dogAges: ['adult', 'senior'],
    preferredDogBreeds: ['Beagle', 'Collie'],
    availability: [
      { weekday: 1, startTime: '08:00', endTime: '10:00' },
      { weekday: 1, startTime: '16:00', endTime: '18:00' },
    ],
    photos: [],
    rateCents: 2250,
    rateUnit: 'hour',
    rating: null,
    reviewCount: 0,
  },
}

test('an owner gets empty fields, no sitter sections and a closed row for every weekday', () => {
  const form = profileFormDefaults(owner)
  expect(form).toMatchObject({ sitterSections: false, name: 'Ada', phoneNumber: '', bio: '', location: '', latitude: undefined })
  expect(form.availability).toHaveLength(7)
  expect(form.availability?.every((row) => row.available === false && row.startTime === '09:00' && row.endTime === '17:00')).toBe(true)
})

test('a sitter sees rates in dollars, breeds as text and every saved range of a day', () => {
  const form = profileFormDefaults(sitter)
  expect(form).toMatchObject({
    sitterSections: true,
    latitude: 47.37,
    experience: '3-5',
    services: ['walking', 'sitting'],
    rates: { walking: 22.5 },
    preferredDogBreeds: 'Beagle, Collie',
  })
  expect(form.availability?.filter((row) => row.weekday === 1)).toEqual([
    { weekday: 1, available: true, startTime: '08:00', endTime: '10:00' },
    { weekday: 1, available: true, startTime: '16:00', endTime: '18:00' },
  ])
  expect(form.availability).toHaveLength(8)
})
