import { beforeAll, describe, expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'
import { type Person, postAs, signedIn } from './page-visits.ts'

// Page actions take forms. A write to a page (or its `.data` twin) whose body is JSON, plain text or
// nothing at all is refused with 415 before any action runs, the same way on every page, and changes
// nothing; the same fields sent as a form still work.
beforeAll(() => startTestApp())

const writes = ['POST', 'PUT', 'PATCH', 'DELETE'] as const

function sendAs(person: Person, path: string, method: string, body?: string, contentType?: string) {
  const headers: Record<string, string> = { cookie: person.cookie }
  if (contentType) headers['content-type'] = contentType
  return appRequest(path, { method, headers, body })
}

/** Every way of sending `fields` that is not a form, to the page and to its `.data` twin, with every write method. */
async function statusesOfNonForms(person: Person, path: string, fields: Record<string, string>) {
  const bodies = [
    { body: JSON.stringify(fields), contentType: 'application/json' },
    { body: new URLSearchParams(fields).toString(), contentType: 'text/plain' },
    { body: new URLSearchParams(fields).toString(), contentType: undefined },
    { body: undefined, contentType: undefined },
  ]
  const statuses = new Set<number>()
  for (const target of [path, `${path}.data`]) {
    for (const method of writes) {
      for (const { body, contentType } of bodies) statuses.add((await sendAs(person, target, method, body, contentType)).status)
    }
  }
  return statuses
}

describe('a body that is not a form', () => {
  test('to /bookings/{id}: 415 everywhere, the booking stays pending; as a form it is accepted', async () => {
    const owner = await insertUser({ name: 'Olivia Owner' })
    const sitter = await signedIn(await insertSitter({ name: 'Sam Sitter', services: [{ service: 'walking', hourlyRateCents: 2400 }] }))
    const dogId = await insertDog(owner.id, { name: 'Rex' })
    const id = await insertBooking({ dogId, ownerId: owner.id, sitterId: sitter.id }, { date: localDateFromToday(5) })
    const fields = { intent: 'status', status: 'accepted' }

    expect(await statusesOfNonForms(sitter, `/bookings/${id}`, fields)).toEqual(new Set([415]))
    const row = () => db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()
    expect((await row()).status).toBe('pending')

    expect((await postAs(sitter, `/bookings/${id}`, fields)).status).toBe(302)
    expect((await row()).status).toBe('accepted')
  })

  test('to /messages/{userId}: 415 everywhere, nothing is sent; as a form the message is sent', async () => {
    const sender = await signedIn(await insertUser({ name: 'Olivia Owner' }))
    const partner = await insertSitter({ name: 'Sam Sitter' })
    const fields = { intent: 'send', content: 'Is Saturday morning still good?' }
    const messages = () => db.selectFrom('messages').select('content').where('senderId', '=', sender.id).execute()

    expect(await statusesOfNonForms(sender, `/messages/${partner.id}`, fields)).toEqual(new Set([415]))
    expect(await messages()).toEqual([])

    expect((await postAs(sender, `/messages/${partner.id}`, fields)).status).toBeLessThan(400)
    expect(await messages()).toEqual([{ content: fields.content }])
  })

  test('to /profile: 415 everywhere, the calendar link stays; as a form it is replaced', async () => {
    const person = await signedIn(await insertUser({ name: 'Olivia Owner' }))
    const token = async () =>
      (await db.selectFrom('users').select('calendarFeedToken').where('id', '=', person.id).executeTakeFirstOrThrow()).calendarFeedToken
    await db.updateTable('users').set({ calendarFeedToken: 'the-link-subscribed-to-in-a-calendar-app' }).where('id', '=', person.id).execute()
    const fields = { intent: 'new-calendar-link' }

    expect(await statusesOfNonForms(person, '/profile', fields)).toEqual(new Set([415]))
    expect(await token()).toBe('the-link-subscribed-to-in-a-calendar-app')

    expect((await postAs(person, '/profile', fields)).status).toBe(302)
    expect(await token()).not.toBe('the-link-subscribed-to-in-a-calendar-app')
  })

  test('the refusal is the app\'s error page for a page, and React Router\'s error data for `.data`', async () => {
    const person = await signedIn(await insertUser({ name: 'Olivia Owner' }))
    const page = await sendAs(person, '/profile', 'POST', '{}', 'application/json')
    expect(page.status).toBe(415)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('Something went wrong')

    const data = await sendAs(person, '/profile.data', 'POST', '{}', 'application/json')
    expect(data.status).toBe(415)
    expect(await data.text()).toContain('Pages take forms')
  })
})
