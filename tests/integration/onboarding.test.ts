import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { start } from '#tests/fakes/geocoder.ts'
import { insertUser, userRow } from './fixtures.ts'
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
      expect.objectContaining({ name: 'Biscuit', breed: 'Beagle', age: '1 year 6 months', ageMonths: 18, weightKg: 12, size: 'medium', bio: 'Sleeps a lot.\nSnores.' }),
    ])
    expect(await userRow(owner.id)).toMatchObject({ name: 'Olivia Owner', role: 'owner' })
  })
})

describe('sitter onboarding, step 4 (location)', () => {
  async function sitterAtStep4() {
    const user = await insertUser({ name: 'Sam' })
    await postStep(user, 'sitter', 2, { experience: '1-3', bio: 'Walks every day.' })
    await postStep(user, 'sitter', 3, { dogSizes: 'small', dogAges: 'adult', services: 'walking' })
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
