import { beforeAll, describe, expect, test, vi } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { type Actor, call, owner, requestBooking, setStatus, sitter } from './booking-api.ts'
import { insertBooking, insertDog, localDateFromToday } from './fixtures.ts'
import { postAs, signedIn, textOf, visitAs } from './page-visits.ts'

// Several dogs in one booking (issue 33 part 3, DESIGN.md ruling 28): a sitter who accepts multiple dogs sets an
// extra-dog rate per service; an owner books several of their dogs at once, through the API (`dogIds`) or the
// request page (JS off: a checkbox per dog), at the base rate plus the extra-dog rate for each further dog; the
// booking names every dog wherever it is shown. A single `dogId` keeps working as before.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

/** A sitter walking for $24 an hour, $10 more for each further dog; `several`: accepts multiple dogs. */
async function walker({ several = true, extraCents = 1000 }: { several?: boolean; extraCents?: number | null } = {}) {
  const theSitter = await sitter({ services: [{ service: 'walking', hourlyRateCents: 2400 }] })
  await db.updateTable('sitterProfiles').set({ acceptsMultipleDogs: several ? 1 : 0 }).where('userId', '=', theSitter.id).execute()
  await db.updateTable('sitterServices').set({ extraDogRateCents: extraCents }).where('sitterId', '=', theSitter.id).execute()
  return theSitter
}

async function ownerWithDogs(names: string[]) {
  const theOwner = await owner()
  const dogIds = []
  for (const name of names) dogIds.push(await insertDog(theOwner.id, { name }))
  return { owner: theOwner, dogIds }
}

/** A 60-minute walk at 10:00 five days ahead. */
const walk = (offset = 5) => ({ date: localDateFromToday(offset), startTime: '10:00', duration: 60, service: 'walking' })

const dogRows = (bookingId: string) =>
  db.selectFrom('bookingDogs').select(['dogId', 'position']).where('bookingId', '=', bookingId).orderBy('position').execute()
const bookingCountOf = async (sitterId: string) => (await db.selectFrom('bookings').select('id').where('sitterId', '=', sitterId).execute()).length

describe('POST /api/bookings with several dogs', () => {
  test('two dogs cost the base rate plus the extra-dog rate: a 60-minute walk at $24 + $10 is $34, and both dogs are kept in order', async () => {
    const { owner, dogIds } = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()
    const [rex, luna] = dogIds as [string, string]

    const booking = await requestBooking(owner.token, { dogIds: [luna, rex], sitterId: theSitter.id, ...walk() })

    expect(booking).toMatchObject({ dogId: luna, dogIds: [luna, rex], price: 34, hourlyRate: 24, extraDogRate: 10 })
    expect((booking.dogs as { name: string }[]).map((dog) => dog.name)).toEqual(['Luna', 'Rex'])
    expect(await dogRows(booking.id)).toEqual([
      { dogId: luna, position: 1 },
      { dogId: rex, position: 2 },
    ])
    expect((await db.selectFrom('bookings').select(['dogId', 'priceCents', 'extraDogRateCents']).where('id', '=', booking.id).executeTakeFirstOrThrow())).toEqual({
      dogId: luna,
      priceCents: 3400,
      extraDogRateCents: 1000,
    })
  })

  test('three dogs for a 30-minute walk: ($24 + 2 x $10) / 2 = $22; the sitter reads every name in the request', async () => {
    const { owner, dogIds } = await ownerWithDogs(['Rex', 'Luna', 'Max'])
    const theSitter = await walker()

    const booking = await requestBooking(owner.token, { dogIds, sitterId: theSitter.id, ...walk(), duration: 30 })

    expect(booking).toMatchObject({ price: 22, dogIds })
    const seen = await call<{ dogs: { name: string }[] }>('GET', `/api/bookings/${booking.id}`, theSitter.token)
    expect(seen.body.dogs.map((dog) => dog.name)).toEqual(['Rex', 'Luna', 'Max'])
  })

  test('an old client sending one dogId gets the base rate, dogIds of that one dog, and its refusals under dogId', async () => {
    const { owner, dogIds } = await ownerWithDogs(['Rex'])
    const theSitter = await walker()

    const booking = await requestBooking(owner.token, { dogId: dogIds[0], sitterId: theSitter.id, ...walk() })
    expect(booking).toMatchObject({ dogId: dogIds[0], dogIds, price: 24 })

    const stranger = await ownerWithDogs(['Bello'])
    const refused = await call('POST', '/api/bookings', owner.token, { dogId: stranger.dogIds[0], sitterId: theSitter.id, ...walk(6) })
    expect(refused).toEqual({ status: 400, body: { message: 'Dog not found', errors: { dogId: ['Dog not found'] } } })
  })

  test('a sitter who takes one dog at a time is asked for one dog: 400 at dogIds, nothing stored', async () => {
    const { owner, dogIds } = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker({ several: false })

    const answer = await call('POST', '/api/bookings', owner.token, { dogIds, sitterId: theSitter.id, ...walk() })

    const message = 'This sitter takes one dog at a time. Please choose one dog.'
    expect(answer).toEqual({ status: 400, body: { message, errors: { dogIds: [message] } } })
    expect(await bookingCountOf(theSitter.id)).toBe(0)
  })

  test('no extra-dog rate: further dogs add nothing to the price', async () => {
    const { owner, dogIds } = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker({ extraCents: null })

    expect(await requestBooking(owner.token, { dogIds, sitterId: theSitter.id, ...walk() })).toMatchObject({ price: 24, extraDogRate: null })
  })

  test.each([
    ['the same dog twice', (ids: string[]) => ({ dogIds: [ids[0], ids[0]] }), 'dogIds', 'Each dog can be listed once'],
    ['six dogs', (ids: string[]) => ({ dogIds: [...ids, 'a', 'b', 'c', 'd'] }), 'dogIds', 'At most 5 dogs in one booking'],
    ['an empty list', () => ({ dogIds: [] }), 'dogIds', 'Dog is required'],
    ['a list of numbers', () => ({ dogIds: [1, 2] }), 'dogIds.0', 'Dog is required'],
    ['a string for the list', (ids: string[]) => ({ dogIds: ids[0] }), 'dogIds', 'dogIds must be a list of dog ids'],
    ['no dog at all', () => ({}), 'dogId', 'Dog is required'],
    ['a dogId outside dogIds', (ids: string[]) => ({ dogId: 'another', dogIds: ids }), 'dogId', 'dogId must be one of dogIds (or leave it out)'],
  ])('refuses %s with 400 at the field, and stores nothing', async (_name, dogs, field, message) => {
    const { owner, dogIds } = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()

    const answer = await call<{ message: string; errors: Record<string, string[]> }>('POST', '/api/bookings', owner.token, { sitterId: theSitter.id, ...walk(), ...dogs(dogIds) })

    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body.errors[field]).toContain(message)
    expect(await bookingCountOf(theSitter.id)).toBe(0)
  })

  test('a dog of someone else among my dogs: 400 Dog not found at dogIds, nothing stored', async () => {
    const { owner, dogIds } = await ownerWithDogs(['Rex'])
    const stranger = await ownerWithDogs(['Bello'])
    const theSitter = await walker()

    const answer = await call('POST', '/api/bookings', owner.token, { dogIds: [...dogIds, ...stranger.dogIds], sitterId: theSitter.id, ...walk() })

    expect(answer).toEqual({ status: 400, body: { message: 'Dog not found', errors: { dogIds: ['Dog not found'] } } })
    expect(await bookingCountOf(theSitter.id)).toBe(0)
  })

  test('a sitter offers to care for one listed dog only', async () => {
    const { owner: theOwner, dogIds } = await ownerWithDogs(['Rex', 'Luna'])
    await db.updateTable('dogs').set({ listedForSitting: 1 }).where('ownerId', '=', theOwner.id).execute()
    const theSitter = await walker()

    const answer = await call('POST', '/api/bookings', theSitter.token, { dogIds, sitterId: theSitter.id, ...walk() })

    expect(answer).toEqual({ status: 400, body: { message: 'An offer is for one listed dog', errors: { dogIds: ['An offer is for one listed dog'] } } })
  })
})

describe('a booking of several dogs is one booking', () => {
  test('it overlaps as one: another owner at the same time cannot be accepted, and it is one item in the lists', async () => {
    const first = await ownerWithDogs(['Rex', 'Luna'])
    const second = await ownerWithDogs(['Bello'])
    const theSitter = await walker()
    const two = await requestBooking(first.owner.token, { dogIds: first.dogIds, sitterId: theSitter.id, ...walk() })
    const other = await requestBooking(second.owner.token, { dogIds: second.dogIds, sitterId: theSitter.id, ...walk() })

    expect((await setStatus(theSitter.token, two.id, 'accepted', { addToCalendar: false })).status).toBe(200)
    expect((await setStatus(theSitter.token, other.id, 'accepted', { addToCalendar: false })).status).toBe(409)

    const list = await call<{ id: string }[]>('GET', '/api/bookings/sitter', theSitter.token)
    expect(list.body.filter((booking) => booking.id === two.id)).toHaveLength(1)
    expect(list.body).toHaveLength(2)
  })

  test('its second dog cannot be deleted while it lies ahead', async () => {
    const { owner: theOwner, dogIds } = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()
    await requestBooking(theOwner.token, { dogIds, sitterId: theSitter.id, ...walk() })

    const answer = await call('DELETE', `/api/dogs/${dogIds[1]}`, theOwner.token)

    expect(answer.status).toBe(409)
    expect(await db.selectFrom('dogs').select('id').where('id', '=', dogIds[1] ?? '').executeTakeFirst()).toBeDefined()
  })

  test('the e-mail to the sitter names both dogs', async () => {
    const { owner: theOwner, dogIds } = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()
    const booking = await requestBooking(theOwner.token, { dogIds, sitterId: theSitter.id, ...walk() })

    await vi.waitFor(async () => {
      const mail = await db.selectFrom('emailOutbox').select(['subject', 'body']).where('key', 'like', `booking:${booking.id}:%`).executeTakeFirst()
      expect(mail?.body).toContain('for Rex and Luna with you')
    })
  })
})

describe('the extra-dog rate on the profile', () => {
  const patch = (actor: Actor, body: unknown) => call('PATCH', `/api/users/${actor.id}`, actor.token, body)
  const extraRates = async (sitterId: string) =>
    db.selectFrom('sitterServices').select(['service', 'extraDogRateCents']).where('sitterId', '=', sitterId).orderBy('service').execute()

  test('PATCH extraDogRates saves it per service; the public profile shows it; leaving it out keeps it; null clears it', async () => {
    const theSitter = await walker({ extraCents: null })

    expect((await patch(theSitter, { extraDogRates: { walking: 12.5 } })).status).toBe(200)
    expect(await extraRates(theSitter.id)).toEqual([{ service: 'walking', extraDogRateCents: 1250 }])
    expect((await call('GET', `/api/users/${theSitter.id}`, theSitter.token)).body).toMatchObject({ extraDogRates: { walking: 12.5 } })

    expect((await patch(theSitter, { rates: { walking: 30 } })).status).toBe(200)
    expect(await extraRates(theSitter.id)).toEqual([{ service: 'walking', extraDogRateCents: 1250 }])

    expect((await patch(theSitter, { extraDogRates: { walking: null } })).status).toBe(200)
    expect(await extraRates(theSitter.id)).toEqual([{ service: 'walking', extraDogRateCents: null }])
  })

  test.each([
    [{ extraDogRates: { walking: -1 } }, 'Rate cannot be negative'],
    [{ extraDogRates: { walking: 'ten' } }, 'Rate must be a number of dollars'],
    [{ extraDogRates: { walking: 5000 } }, 'Rate must be at most $1000'],
  ])('refuses %j with 400 and keeps the saved rate', async (body, message) => {
    const theSitter = await walker()

    const answer = await patch(theSitter, body)

    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.body)).toContain(message)
    expect(await extraRates(theSitter.id)).toEqual([{ service: 'walking', extraDogRateCents: 1000 }])
  })

  test('the edit-profile page (no JS) saves it, shows it back, and the sitter page reads it beside the rate', async () => {
    const theSitter = await walker({ extraCents: null })
    const person = await signedIn(theSitter)

    const saved = await postAs(person, '/profile/edit', {
      name: 'Sam Sitter',
      sitterSections: 'on',
      experience: '3-5',
      services: 'walking',
      'rates.walking': '24',
      'extraDogRates.walking': '8',
      acceptsMultipleDogs: 'on',
    })

    expect(saved.status).toBe(302)
    expect(await extraRates(theSitter.id)).toEqual([{ service: 'walking', extraDogRateCents: 800 }])
    expect(await (await visitAs(person, '/profile/edit')).text()).toMatch(/name="extraDogRates.walking"[^>]*value="8"|value="8"[^>]*name="extraDogRates.walking"/)
    const owner = await signedIn(await ownerWithDogs(['Rex']).then((made) => made.owner))
    const page = await textOf(await visitAs(owner, `/sitters/${theSitter.id}?tab=services`))
    expect(page).toContain('$24/hour + $8/hour for each further dog')
  })
})

describe('the request page without JavaScript', () => {
  const postForm = (person: { cookie: string }, path: string, fields: [string, string][]) =>
    appRequest(path, { method: 'POST', body: new URLSearchParams(fields), headers: { cookie: person.cookie } })

  test('a sitter who takes several dogs: a checkbox per dog; two ticked make one booking of both, named on its page with the price', async () => {
    const made = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()
    const person = await signedIn(made.owner)
    const form = await (await visitAs(person, `/sitters/${theSitter.id}/book`)).text()
    expect(form.match(/<input type="checkbox"[^>]* name="dogIds"/g)).toHaveLength(2)
    expect(form).not.toMatch(/<input type="radio"[^>]* name="dogId"/)

    const { date } = walk()
    const sent = await postForm(person, `/sitters/${theSitter.id}/book`, [
      ['dogIds', made.dogIds[0] ?? ''],
      ['dogIds', made.dogIds[1] ?? ''],
      ['service', 'walking'],
      ['date', date],
      ['startTime', '10:00'],
      ['duration', '60'],
    ])

    expect(sent.status, await sent.clone().text()).toBe(302)
    const bookingPath = sent.headers.get('location') ?? ''
    const bookingId = bookingPath.split('/').at(-1) ?? ''
    expect(await dogRows(bookingId)).toEqual([
      { dogId: made.dogIds[0], position: 1 },
      { dogId: made.dogIds[1], position: 2 },
    ])
    const ownerPage = await textOf(await visitAs(person, bookingPath))
    expect(ownerPage).toContain('Dogs Rex (')
    expect(ownerPage).toContain('$34.00 $24/hour + $10/hour for each further dog')
    const sitterPage = await textOf(await visitAs(await signedIn(theSitter), bookingPath))
    expect(sitterPage).toContain('Walking Rex and Luna')
    expect(sitterPage).toContain('About Rex')
    expect(sitterPage).toContain('About Luna')
  })

  test('no dog ticked: the form comes back with "Please choose a dog" and keeps the notes', async () => {
    const made = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()
    const person = await signedIn(made.owner)
    const { date } = walk()

    const refused = await postForm(person, `/sitters/${theSitter.id}/book`, [
      ['service', 'walking'],
      ['date', date],
      ['startTime', '10:00'],
      ['duration', '60'],
      ['notes', 'Both pull at the start'],
    ])

    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Please choose a dog')
    expect(html).toMatch(/<textarea[^>]*>Both pull at the start<\/textarea>/)
    expect(await bookingCountOf(theSitter.id)).toBe(0)
  })

  test('a sitter who takes one dog at a time: one radio per dog, as before', async () => {
    const made = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker({ several: false })
    const form = await (await visitAs(await signedIn(made.owner), `/sitters/${theSitter.id}/book`)).text()
    expect(form.match(/<input type="radio"[^>]* name="dogId"/g)).toHaveLength(2)
    expect(form).not.toContain('name="dogIds"')
  })

  test('a two-dog booking reads "Rex and Luna" on the lists of both parties', async () => {
    const made = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()
    await insertBooking({ dogId: made.dogIds[0] ?? '', ownerId: made.owner.id, sitterId: theSitter.id }, { status: 'pending', date: localDateFromToday(4), slots: [{ startTime: '10:00', endTime: '11:00' }] }).then((id) =>
      db.insertInto('bookingDogs').values({ bookingId: id, dogId: made.dogIds[1] ?? '', position: 2 }).execute(),
    )

    expect(await textOf(await visitAs(await signedIn(made.owner), '/bookings?tab=pending'))).toContain('Rex and Luna')
    expect(await textOf(await visitAs(await signedIn(theSitter), '/bookings-sitter?tab=pending'))).toContain('Rex and Luna')
  })
})

describe("the sitter profile's wizard books one dog", () => {
  const dogStep = (sitterId: string) => `/sitters/${sitterId}/book/chat/2?${new URLSearchParams({ date: localDateFromToday(5), startTime: '10:00', duration: '60' })}`
  const togetherLink = /<a[^>]*href="\/sitters\/[^"]+\/book"[^>]*>Booking more than one dog\?/

  test('its dog step leads an owner of several dogs to the request page, where they book them together', async () => {
    const made = await ownerWithDogs(['Rex', 'Luna'])
    const theSitter = await walker()

    const html = await (await visitAs(await signedIn(made.owner), dogStep(theSitter.id))).text()

    expect(html).toMatch(togetherLink)
    expect(html).toContain(`href="/sitters/${theSitter.id}/book"`)
  })

  test('not for a sitter who takes one dog at a time, nor for an owner of one dog', async () => {
    const two = await ownerWithDogs(['Rex', 'Luna'])
    const one = await ownerWithDogs(['Bello'])
    const single = await walker({ several: false })
    const several = await walker()

    expect(await (await visitAs(await signedIn(two.owner), dogStep(single.id))).text()).not.toMatch(togetherLink)
    expect(await (await visitAs(await signedIn(one.owner), dogStep(several.id))).text()).not.toMatch(togetherLink)
  })
})
