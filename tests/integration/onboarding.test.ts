import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { start } from '#tests/fakes/geocoder.ts'
import { insertSitter, insertUser, userRow } from './fixtures.ts'
import { contextFor, settle } from './route-calls.ts'

// The onboarding steppers (/onboarding/{owner|sitter}/{step}) as a browser posts them (multipart, with or
// without JavaScript), against the fake Nominatim. It must listen before the app reads GEOCODER_URL.
const fake = await start()
process.env.GEOCODER_URL = fake.url

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const onboardingStep = await import('#app/routes/onboarding-step.tsx')
const roleScreen = await import('#app/routes/onboarding.tsx')

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('users').execute()
})

afterAll(async () => {
  await fake.close()
  await db.destroy()
})

type StepAnswer = {
  status: number
  location: string | null
  errors: Record<string, string[]>
  problemSummary?: string
  toast?: { title: string; description?: string }
}

/** Posts one step's form, as the Continue button does. */
async function postStep(user: SessionUser, flow: 'owner' | 'sitter', step: number, fields: Record<string, string | string[]>): Promise<StepAnswer> {
  const body = new FormData()
  body.append('intent', 'continue')
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) body.append(name, entry)
  const request = new Request(`http://localhost/onboarding/${flow}/${step}`, { method: 'POST', body })
  const answer = await settle(() =>
    onboardingStep.action({
      request,
      url: new URL(request.url),
      params: { flow, step: String(step) },
      pattern: '/onboarding/:flow/:step',
      context: contextFor(user),
    }),
  )
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get('location'), errors: {} }
  const { data, init } = answer as unknown as { data: Omit<StepAnswer, 'status' | 'location'>; init: ResponseInit | null }
  return { status: init?.status ?? 200, location: null, ...data } satisfies StepAnswer
}

const dogsOf = (ownerId: string) => db.selectFrom('dogs').selectAll().where('ownerId', '=', ownerId).execute()

describe('owner onboarding', () => {
  test('step 2 refuses an age and a weight that the dog form refuses, by field', async () => {
    const owner = await insertUser()

    const answer = await postStep(owner, 'owner', 2, { dogName: 'Biscuit', dogBreed: 'Beagle', dogAge: 'old', dogWeight: 'about 900 kg' })

    expect(answer.status).toBe(400)
    expect(answer.errors).toEqual({
      dogAge: ['Please enter an age like "2 years" or "6 months"'],
      dogWeight: ['Please enter a weight in kg, like "15"'],
    })
    // The gate's message heads the error summary; a refused step is not a failure toast.
    expect(answer.problemSummary).toBe('Missing information: Please complete all required fields before continuing')
    expect(answer.toast).toBeUndefined()
  })

  test('completing with a draft whose dog is not valid stores no dog', async () => {
    const owner = await insertUser()
    // A draft saved before its gates checked the dog (or edited behind them): the last step still refuses it.
    const draft = { dogName: 'Biscuit', dogBreed: 'Beagle', dogAge: "' OR 1=1 --", dogWeight: '900', selectedTraits: ['Calm'] }
    await db.insertInto('onboardingDrafts').values({ userId: owner.id, flow: 'owner', data: JSON.stringify(draft), updatedAt: new Date().toISOString() }).execute()

    const answer = await postStep(owner, 'owner', 4, { selectedActivities: 'Fetch' })

    expect(answer.status).toBe(400)
    expect(answer.errors).toEqual({
      dogAge: ['Please enter an age like "2 years" or "6 months"'],
      dogWeight: ['Weight must be between 0 and 100 kg'],
    })
    expect(await dogsOf(owner.id)).toEqual([])
  })

  test('the four steps make the dog as the dog form would: age in months, weight in kg, canonical names', async () => {
    const owner = await insertUser({ name: 'Olivia' })

    await postStep(owner, 'owner', 1, { ownerName: 'Olivia Owner' })
    await postStep(owner, 'owner', 2, { dogName: ' Biscuit ', dogBreed: 'Beagle', dogAge: '1 year 6 months', dogWeight: '12' })
    await postStep(owner, 'owner', 3, { selectedTraits: ['Calm', 'Curious'], dogBio: 'Sleeps a lot.\r\nSnores.' })
    const done = await postStep(owner, 'owner', 4, { selectedActivities: 'Fetch' })

    expect(done.location).toBe('/')
    expect(await dogsOf(owner.id)).toEqual([
      expect.objectContaining({ name: 'Biscuit', breed: 'Beagle', age: '1 year 6 months', ageMonths: 18, weightKg: 12, size: 'medium', bio: 'Sleeps a lot.\nSnores.', listedForSitting: 0 }),
    ])
    expect(await userRow(owner.id)).toMatchObject({ name: 'Olivia Owner', role: 'owner' })
  })
})

test("two identical submits of the owner's last step at once make one dog, and both go home", async () => {
  const owner = await insertUser({ name: 'Olivia' })
  await postStep(owner, 'owner', 2, { dogName: 'Biscuit', dogBreed: 'Beagle', dogAge: '2 years', dogWeight: '12' })
  await postStep(owner, 'owner', 3, { selectedTraits: 'Calm' })

  const answers = await Promise.all([1, 2].map(() => postStep(owner, 'owner', 4, { selectedActivities: 'Fetch' })))

  expect(answers.map(({ status, location }) => ({ status, location }))).toEqual([1, 2].map(() => ({ status: 302, location: '/' })))
  expect(await dogsOf(owner.id)).toEqual([expect.objectContaining({ name: 'Biscuit' })])
})

test("the owner's last step sent again after onboarding completed goes home and makes no second dog", async () => {
  const owner = await insertUser({ name: 'Olivia' })
  await postStep(owner, 'owner', 2, { dogName: 'Biscuit', dogBreed: 'Beagle', dogAge: '2 years', dogWeight: '12' })
  await postStep(owner, 'owner', 3, { selectedTraits: 'Calm' })
  await postStep(owner, 'owner', 4, { selectedActivities: 'Fetch' })

  const again = await postStep(owner, 'owner', 4, { selectedActivities: 'Fetch' })

  expect({ status: again.status, location: again.location }).toEqual({ status: 302, location: '/' })
  expect(await dogsOf(owner.id)).toEqual([expect.objectContaining({ name: 'Biscuit' })])
  expect(await db.selectFrom('onboardingDrafts').select('userId').where('userId', '=', owner.id).execute()).toEqual([])
})

test("'List for sitting' on the owner's last step lists the new dog for sitters", async () => {
  const owner = await insertUser({ name: 'Olivia' })
  await postStep(owner, 'owner', 2, { dogName: 'Biscuit', dogBreed: 'Beagle', dogAge: '2 years', dogWeight: '12' })
  await postStep(owner, 'owner', 3, { selectedTraits: 'Calm' })

  const done = await postStep(owner, 'owner', 4, { selectedActivities: 'Fetch', listedForSitting: 'on' })

  expect(done.location).toBe('/')
  expect(await dogsOf(owner.id)).toEqual([expect.objectContaining({ name: 'Biscuit', listedForSitting: 1 })])
})

describe('sitter onboarding, step 4 (location)', () => {
  async function sitterAtStep4() {
    const user = await insertUser({ name: 'Sam' })
    await postStep(user, 'sitter', 2, { experience: '1-3', bio: 'Walks every day.' })
    await postStep(user, 'sitter', 3, { dogSizes: 'small', dogAges: 'adult', services: 'walking', 'rates.walking': '25' })
    return user
  }

  test('an address edited without JavaScript is geocoded, not saved with the stale hidden coordinates', async () => {
    const sitter = await sitterAtStep4()

    const done = await postStep(sitter, 'sitter', 4, {
      location: 'Langstrasse 100, Zürich',
      latitude: '47.3686',
      longitude: '8.5392',
      coordinatesFor: 'Bahnhofstrasse 1, Zürich',
    })

    expect(done.location).toBe('/')
    expect(await userRow(sitter.id)).toMatchObject({
      location: 'Langstrasse 100, Zürich',
      latitude: 47.3779,
      longitude: 8.5268,
      publicLocation: 'Kreis 4, Zürich',
    })
  })

  test('a pin placed on the map is saved where it was placed, whatever the geocoder says about the text', async () => {
    const sitter = await sitterAtStep4()

    const done = await postStep(sitter, 'sitter', 4, {
      location: 'Langstrasse 100, Zürich',
      latitude: '47.378123',
      longitude: '8.527456',
      coordinatesFor: 'Langstrasse 100, Zürich',
    })

    expect(done.location).toBe('/')
    expect(await userRow(sitter.id)).toMatchObject({ location: 'Langstrasse 100, Zürich', latitude: 47.378123, longitude: 8.527456 })
  })
})

describe('sitter onboarding: bookable when it ends (DESIGN.md rulings 21, 23)', () => {
  const pin = { location: 'Langstrasse 100, Zürich', latitude: '47.378123', longitude: '8.527456', coordinatesFor: 'Langstrasse 100, Zürich' }
  const defaultHours = { hoursWeekdays: ['1', '2', '3', '4', '5'], hoursStart: '08:00', hoursEnd: '18:00' }

  async function sitterAtStep3() {
    const user = await insertUser({ name: 'Sam' })
    await postStep(user, 'sitter', 2, { experience: '1-3', bio: 'Walks every day.' })
    return user
  }
  const servicesOf = (sitterId: string) =>
    db.selectFrom('sitterServices').select(['service', 'hourlyRateCents']).where('sitterId', '=', sitterId).orderBy('service').execute()
  const hoursOf = (sitterId: string) =>
    db.selectFrom('sitterAvailability').select(['weekday', 'startTime', 'endTime']).where('sitterId', '=', sitterId).orderBy('weekday').execute()

  test('step 3 asks a rate for every chosen service, in that service\'s unit', async () => {
    const sitter = await sitterAtStep3()

    const answer = await postStep(sitter, 'sitter', 3, { dogSizes: 'small', dogAges: 'adult', services: ['walking', 'daycare', 'boarding'], 'rates.walking': '25' })

    expect(answer.status).toBe(400)
    expect(answer.errors).toEqual({ 'rates.daycare': ['Enter your rate per day'], 'rates.boarding': ['Enter your rate per night'] })
  })

  test('step 3 refuses rates that are not a sum of dollars up to $1000, by field, and keeps the good ones', async () => {
    const sitter = await sitterAtStep3()

    const answer = await postStep(sitter, 'sitter', 3, {
      dogSizes: 'small',
      dogAges: 'adult',
      services: ['walking', 'sitting', 'training', 'grooming'],
      'rates.walking': '-5',
      'rates.sitting': '5000',
      'rates.training': "30' OR 1=1 --",
      'rates.grooming': '$40',
    })

    expect(answer.status).toBe(400)
    expect(answer.errors).toEqual({
      'rates.walking': ['Rate cannot be negative'],
      'rates.sitting': ['Rate must be at most $1000'],
      'rates.training': ['Rate must be a number of dollars'],
    })
    const draft = await db.selectFrom('onboardingDrafts').select('data').where('userId', '=', sitter.id).executeTakeFirstOrThrow()
    expect(JSON.parse(draft.data)).toMatchObject({ rates: { grooming: 40 } })
  })

  test('completing stores a rate for each offered service and the default weekly hours, Monday to Friday 08:00-18:00', async () => {
    const sitter = await sitterAtStep3()
    await postStep(sitter, 'sitter', 3, {
      dogSizes: 'small',
      dogAges: 'adult',
      services: ['walking', 'daycare'],
      'rates.walking': '24.50',
      'rates.daycare': '60',
      'rates.boarding': '45', // typed, then the service unticked: not offered, not saved
    })

    const done = await postStep(sitter, 'sitter', 4, { ...pin, ...defaultHours })

    expect(done.location).toBe('/')
    expect(await servicesOf(sitter.id)).toEqual([
      { service: 'daycare', hourlyRateCents: 6000 },
      { service: 'walking', hourlyRateCents: 2450 },
    ])
    expect(await hoursOf(sitter.id)).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '08:00', endTime: '18:00' })))
  })

  test("two identical submits of the sitter's last step at once save one profile, and both go home", async () => {
    const sitter = await sitterAtStep3()
    await postStep(sitter, 'sitter', 3, { dogSizes: 'small', dogAges: 'adult', services: ['walking', 'daycare'], 'rates.walking': '25', 'rates.daycare': '60' })

    const answers = await Promise.all([1, 2].map(() => postStep(sitter, 'sitter', 4, { ...pin, ...defaultHours })))

    expect(answers.map(({ status, location }) => ({ status, location }))).toEqual([1, 2].map(() => ({ status: 302, location: '/' })))
    expect(await servicesOf(sitter.id)).toEqual([
      { service: 'daycare', hourlyRateCents: 6000 },
      { service: 'walking', hourlyRateCents: 2500 },
    ])
    expect(await hoursOf(sitter.id)).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '08:00', endTime: '18:00' })))
  })

  test('the last step saves the weekly hours the sitter changed, and refuses hours that end before they start or no day at all', async () => {
    const sitter = await sitterAtStep3()
    await postStep(sitter, 'sitter', 3, { dogSizes: 'small', dogAges: 'adult', services: 'walking', 'rates.walking': '25' })

    const backwards = await postStep(sitter, 'sitter', 4, { ...pin, hoursWeekdays: ['6'], hoursStart: '13:00', hoursEnd: '09:00' })
    expect(backwards.errors).toEqual({ availability: ['End time must be after start time'] })
    const noDay = await postStep(sitter, 'sitter', 4, { ...pin, hoursStart: '09:00', hoursEnd: '13:00' })
    expect(noDay.errors).toEqual({ availability: ['Choose at least one day'] })
    const odd = await postStep(sitter, 'sitter', 4, { ...pin, hoursWeekdays: ['9'], hoursStart: '25:00', hoursEnd: '13:00' })
    expect(odd.status).toBe(400)
    expect(Object.keys(odd.errors)).toEqual(['availability'])
    expect(await hoursOf(sitter.id)).toEqual([])

    const done = await postStep(sitter, 'sitter', 4, { ...pin, hoursWeekdays: ['6', '7'], hoursStart: '09:00', hoursEnd: '13:15' })

    expect(done.location).toBe('/')
    expect(await hoursOf(sitter.id)).toEqual([
      { weekday: 6, startTime: '09:00', endTime: '13:15' },
      { weekday: 7, startTime: '09:00', endTime: '13:15' },
    ])
  })

  describe('the hint beside each rate', () => {
    const near = (latitude: number, longitude: number) => ({ location: 'Somewhere', latitude, longitude })
    async function sitterCharging(walkingCents: number | null, at = near(47.37, 8.54), accountStatus: 'active' | 'suspended' = 'active') {
      await insertSitter({ shown: at, accountStatus, services: [{ service: 'walking', hourlyRateCents: walkingCents }, { service: 'daycare', hourlyRateCents: 5000 }] })
    }
    async function hintsFor(user: SessionUser) {
      const request = new Request('http://localhost/onboarding/sitter/3')
      const answer = await settle(() =>
        onboardingStep.loader({ request, url: new URL(request.url), params: { flow: 'sitter', step: '3' }, pattern: '/onboarding/:flow/:step', context: contextFor(user) }),
      )
      if (answer instanceof Response || answer.flow !== 'sitter') throw new Error('Expected the sitter step')
      return answer.rateHints
    }

    test('is the median rate of active sitters within 10 miles of the new sitter, per service, when 3 or more charge for it', async () => {
      for (const cents of [2000, 2400, 3000, 9000]) await sitterCharging(cents)
      await sitterCharging(1000, near(47.37, 8.54), 'suspended') // not listed
      await sitterCharging(100, near(47.6, 8.54)) // 16 miles north
      await insertSitter({ shown: near(47.37, 8.54), services: [{ service: 'boarding', hourlyRateCents: 4000 }] })
      const user = await insertUser({ home: near(47.3769, 8.5417) })

      expect(await hintsFor(user)).toEqual({ around: 'near you', medianCents: { walking: 2700, daycare: 5000 } })
    })

    test('is around Zurich for a new sitter without an address yet, and missing where fewer than 3 sitters charge', async () => {
      for (const cents of [2000, 2500]) await sitterCharging(cents)
      await sitterCharging(null)

      expect(await hintsFor(await insertUser())).toEqual({ around: 'around Zurich', medianCents: { daycare: 5000 } })
    })
  })
})

describe('the role screen', () => {
  async function continueAs(user: SessionUser, role: string) {
    const request = new Request('http://localhost/onboarding', { method: 'POST', body: new URLSearchParams({ role }) })
    const answer = await settle(() =>
      roleScreen.action({ request, url: new URL(request.url), params: {}, pattern: '/onboarding', context: contextFor(user) }),
    )
    if (!(answer instanceof Response)) throw new Error('Expected a redirect')
    return answer
  }

  test("Continue saves the role and goes to step 1 with the user's profile photo in ?photo=", async () => {
    const user = await insertUser({ name: 'Pia' })
    const photo = `/uploads/avatars/${user.id}/a1b2c3`

    const answer = await continueAs({ ...user, profilePhoto: photo }, 'sitter')

    expect(answer.status).toBe(302)
    const target = new URL(answer.headers.get('location') ?? '', 'http://localhost')
    expect(target.pathname).toBe('/onboarding/sitter/1')
    expect(target.searchParams.get('photo')).toBe(photo)
    expect((await userRow(user.id)).role).toBe('sitter')
  })

  test('without a profile photo the parameter is there and empty', async () => {
    const user = await insertUser({ name: 'Otto' })

    const answer = await continueAs(user, 'owner')

    expect(answer.headers.get('location')).toBe('/onboarding/owner/1?photo=')
  })
})
