import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, bearer, startTestApp } from './app.ts'
import { type Actor, call, owner, sitter as newSitter } from './booking-api.ts'
import { apiTokenFor, insertConversation, insertDog, insertReview, insertUser } from './fixtures.ts'
import { type Person, postAs, signedIn, textOf, toastOf, visitAs } from './page-visits.ts'

// Reporting a sitter profile, a review and a dog listed for sitting (issue 30), through POST /api/reports
// and the Report forms of the sitter's profile and the dog's page (posted as a browser without JavaScript):
// one report row naming the reported user, with a snapshot of what the reporter saw that later edits do not
// change; a second report of the same thing adds nothing; what the reporter cannot see is 404, themself 400,
// hostile input 400/401/415, and the 21st report within an hour 429; an admin, who is staff, files none (403).
// Every refusal stores nothing.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

type Report = { id: string; kind: string; subjectId: string; reportedUserId: string; reason: string; details: string; state: string; snapshot: unknown }

const reportsBy = async (reporterId: string): Promise<Report[]> => {
  const rows = await db.selectFrom('reports').selectAll().where('reporterId', '=', reporterId).orderBy('createdAt').execute()
  return rows.map((row) => ({ ...row, snapshot: JSON.parse(row.snapshot) as unknown }))
}

const report = (reporter: Actor, body: unknown) => call<{ id?: string; message?: string; errors?: Record<string, string[]> }>('POST', '/api/reports', reporter.token, body)

/** The same request as a raw response, for its headers. */
const reportResponse = (reporter: Actor, body: unknown) =>
  appRequest('/api/reports', { method: 'POST', headers: { ...bearer(reporter.token), 'content-type': 'application/json' }, body: JSON.stringify(body) })

/** A sitter with a bio and a district, as their profile shows them. */
const bioSitter = (name = 'Sam Sitter') =>
  newSitter({ name, bio: 'Calm walks along the lake.', shown: { location: 'Wiedikon, Zürich', latitude: 47.37, longitude: 8.52 } })

const toastSent = { type: 'success', title: 'Report sent', description: 'Thank you. Our team will review it.' }

describe('a report of each kind', () => {
  test('a sitter profile: one row naming the sitter, with their name, bio and district as shown', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]

    const answer = await report(olivia, { kind: 'sitter', subjectId: sam.id, reason: 'scam', details: 'Asks to be paid outside Pawpal' })

    expect(answer.status).toBe(201)
    expect(await reportsBy(olivia.id)).toEqual([
      expect.objectContaining({
        id: answer.body.id,
        kind: 'sitter',
        subjectId: sam.id,
        reportedUserId: sam.id,
        reason: 'scam',
        details: 'Asks to be paid outside Pawpal',
        state: 'open',
        snapshot: { kind: 'sitter', name: 'Sam Sitter', bio: 'Calm walks along the lake.', location: 'Wiedikon, Zürich', profilePhoto: null },
      }),
    ])
  })

  test("the snapshot stays as it was reported after the sitter edits their bio", async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    const filed = await report(olivia, { kind: 'sitter', subjectId: sam.id, reason: 'inappropriate' })
    expect(filed.status).toBe(201)

    expect((await call('PATCH', `/api/users/${sam.id}`, sam.token, { bio: 'Nothing to see here.' })).status).toBe(200)

    const [stored] = await reportsBy(olivia.id)
    expect(stored?.snapshot).toMatchObject({ bio: 'Calm walks along the lake.' })
    expect((await db.selectFrom('users').select('bio').where('id', '=', sam.id).executeTakeFirstOrThrow()).bio).toBe('Nothing to see here.')
  })

  test("a review: one row naming its author (not the sitter), with the comment, rating and reply as shown", async () => {
    const [sam, olivia, rita] = [await newSitter(), await owner('Olivia Owner'), await owner('Rita Reader')]
    const reviewId = await insertReview(sam.id, olivia.id, {
      rating: 1,
      comment: 'Worst walker in town, avoid.',
      createdAt: '2026-02-01T10:00:00.000Z',
      reply: { comment: 'That is not what happened.', createdAt: '2026-02-02T10:00:00.000Z' },
    })

    const answer = await report(rita, { kind: 'review', subjectId: reviewId, reason: 'harassment' })

    expect(answer.status).toBe(201)
    expect(await reportsBy(rita.id)).toEqual([
      expect.objectContaining({
        kind: 'review',
        subjectId: reviewId,
        reportedUserId: olivia.id,
        details: '',
        snapshot: {
          kind: 'review',
          rating: 1,
          comment: 'Worst walker in town, avoid.',
          reply: 'That is not what happened.',
          sitterId: sam.id,
          sitterName: 'Sam Sitter',
          authorName: 'Olivia Owner',
          createdAt: '2026-02-01T10:00:00.000Z',
        },
      }),
    ])
  })

  test("a dog listed for sitting, reported by a sitter: one row naming its owner, with the dog's name, breed and bio", async () => {
    const [olivia, sam] = [await owner('Olivia Owner'), await newSitter()]
    const dogId = await insertDog(olivia.id, { name: 'Luna', breed: 'Beagle', bio: 'Bites other dogs, owner says she is friendly.', listed: true })

    const answer = await report(sam, { kind: 'dog', subjectId: dogId, reason: 'scam', details: 'Not her dog' })

    expect(answer.status).toBe(201)
    expect(await reportsBy(sam.id)).toEqual([
      expect.objectContaining({
        kind: 'dog',
        subjectId: dogId,
        reportedUserId: olivia.id,
        snapshot: { kind: 'dog', name: 'Luna', breed: 'Beagle', bio: 'Bites other dogs, owner says she is friendly.', images: [], ownerName: 'Olivia Owner' },
      }),
    ])
  })

  test('a conversation: one row naming the partner, with their messages', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    await insertConversation(anna.id, ben.id, [{ from: ben.id, at: '2026-03-01T09:00:00.000Z', content: 'Send me your card number' }])

    const answer = await report(anna, { kind: 'conversation', subjectId: ben.id, reason: 'scam' })

    expect(answer.status).toBe(201)
    const [stored] = await reportsBy(anna.id)
    expect(stored).toMatchObject({ kind: 'conversation', reportedUserId: ben.id })
    expect(stored?.snapshot).toMatchObject({ kind: 'conversation', messages: [{ senderId: ben.id, senderName: 'Ben Birch', content: 'Send me your card number' }] })
  })
})

describe('one open report per reporter and thing', () => {
  test('a second report of the same thing while the first is open answers 200 with the same id and stores nothing new', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    const first = await report(olivia, { kind: 'sitter', subjectId: sam.id, reason: 'scam' })

    const second = await report(olivia, { kind: 'sitter', subjectId: sam.id, reason: 'spam', details: 'Again' })

    expect(first.status).toBe(201)
    expect(second).toEqual({ status: 200, body: { id: first.body.id } })
    expect(await reportsBy(olivia.id)).toEqual([expect.objectContaining({ id: first.body.id, reason: 'scam', details: '' })])
  })

  test('six identical reports at once store one row; every answer names it, one of them 201', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]

    const answers = await Promise.all(Array.from({ length: 6 }, () => report(olivia, { kind: 'sitter', subjectId: sam.id, reason: 'scam' })))

    const stored = await reportsBy(olivia.id)
    expect(stored).toHaveLength(1)
    expect(answers.map((answer) => answer.body.id)).toEqual(Array(6).fill(stored[0]?.id))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201])
  })

  test('another reporter of the same thing files their own report', async () => {
    const [sam, olivia, rita] = [await bioSitter(), await owner(), await owner('Rita Reader')]
    const first = await report(olivia, { kind: 'sitter', subjectId: sam.id, reason: 'scam' })
    const second = await report(rita, { kind: 'sitter', subjectId: sam.id, reason: 'scam' })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.id).not.toBe(first.body.id)
  })
})

describe('what cannot be reported stores nothing', () => {
  test('reporting yourself is 400: your own profile, your own review', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    const reviewId = await insertReview(sam.id, olivia.id, { rating: 5 })

    expect(await report(sam, { kind: 'sitter', subjectId: sam.id, reason: 'spam' })).toEqual({
      status: 400,
      body: { message: 'You cannot report yourself', errors: { subjectId: ['You cannot report yourself'] } },
    })
    expect((await report(olivia, { kind: 'review', subjectId: reviewId, reason: 'spam' })).status).toBe(400)
    expect(await reportsBy(sam.id)).toEqual([])
    expect(await reportsBy(olivia.id)).toEqual([])
  })

  test('what the reporter cannot see is 404: an unknown id of each kind, an unlisted dog, a listed dog for a non-sitter, a suspended sitter, a hidden review', async () => {
    const [olivia, sam, rita] = [await owner(), await newSitter(), await owner('Rita Reader')]
    const suspended = await newSitter({ name: 'Sid Suspended', accountStatus: 'suspended' })
    const unlisted = await insertDog(olivia.id, { name: 'Homebody', listed: false })
    const listed = await insertDog(olivia.id, { name: 'Luna', listed: true })
    const hidden = await insertReview(sam.id, olivia.id, { rating: 1, comment: 'Hidden by an admin' })
    await db.updateTable('reviews').set({ hiddenAt: new Date().toISOString() }).where('id', '=', hidden).execute()
    const unknown = crypto.randomUUID()
    const cases: [Actor, string, string, string][] = [
      [rita, 'sitter', unknown, 'Sitter not found'],
      [rita, 'review', unknown, 'Review not found'],
      [sam, 'dog', unknown, 'Dog not found'],
      [rita, 'conversation', unknown, 'Conversation not found'],
      [sam, 'dog', unlisted, 'Dog not found'],
      [rita, 'dog', listed, 'Dog not found'],
      [rita, 'sitter', suspended.id, 'Sitter not found'],
      [rita, 'sitter', olivia.id, 'Sitter not found'],
      [rita, 'review', hidden, 'Review not found'],
    ]
    for (const [reporter, kind, subjectId, message] of cases) {
      const answer = await report(reporter, { kind, subjectId, reason: 'other' })
      expect(answer, `${kind} ${subjectId}`).toEqual({ status: 404, body: { message, errors: { subjectId: [message] } } })
    }
    expect(await reportsBy(rita.id)).toEqual([])
    expect(await reportsBy(sam.id)).toEqual([])
  })

  test('hostile bodies are refused with the field they name, and store nothing', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    const valid = { kind: 'sitter', subjectId: sam.id, reason: 'scam', details: 'Fine' }
    const cases: [string, unknown, string, string][] = [
      ['no kind', { ...valid, kind: undefined }, 'kind', 'Choose what you report'],
      ['an unknown kind', { ...valid, kind: 'user' }, 'kind', 'Choose what you report'],
      ['a kind that is no text', { ...valid, kind: ['sitter'] }, 'kind', 'Choose what you report'],
      ['no subject', { ...valid, subjectId: undefined }, 'subjectId', 'subjectId is required'],
      ['a subject of 10,000 characters', { ...valid, subjectId: 'a'.repeat(10_000) }, 'subjectId', 'subjectId is too long'],
      ['a subject that is a number', { ...valid, subjectId: 42 }, 'subjectId', 'subjectId is required'],
      ['a subject with a control character', { ...valid, subjectId: `${sam.id}\u001b` }, 'subjectId', 'subjectId must not contain control characters'],
      ['no reason', { ...valid, reason: undefined }, 'reason', 'Choose a reason'],
      ['an unknown reason', { ...valid, reason: 'boring' }, 'reason', 'Choose a reason'],
      ['a reason that is a number', { ...valid, reason: 1 }, 'reason', 'Choose a reason'],
      ['details that are an object', { ...valid, details: { text: 'x' } }, 'details', 'Details must be text'],
      ['details of 1,001 characters', { ...valid, details: 'x'.repeat(1001) }, 'details', 'Details must be at most 1000 characters'],
      ['details with a NUL', { ...valid, details: 'Hello\u0000there' }, 'details', 'Details must not contain control characters'],
      ['details with an escape', { ...valid, details: 'Hello\u001b[31m' }, 'details', 'Details must not contain control characters'],
    ]
    for (const [what, body, field, message] of cases) {
      const answer = await report(olivia, body)
      expect(answer.status, what).toBe(400)
      expect(answer.body.errors?.[field], what).toEqual([message])
    }
    expect((await report(olivia, null)).status).toBe(400)
    expect((await report(olivia, [valid])).status).toBe(400)
    // Details of exactly 1,000 characters, with line breaks and tabs, are fine (the edge of the limit).
    expect((await report(olivia, { ...valid, details: `a\tb\n${'x'.repeat(996)}` })).status).toBe(201)
    expect(await reportsBy(olivia.id)).toHaveLength(1)
  })

  test('a body that is not JSON is 400, another content type 415, no token 401; nothing stored', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    const body = JSON.stringify({ kind: 'sitter', subjectId: sam.id, reason: 'scam' })
    const send = (headers: Record<string, string>, content: string) => appRequest('/api/reports', { method: 'POST', headers, body: content })

    const broken = await send({ ...bearer(olivia.token), 'content-type': 'application/json' }, body.slice(0, -3))
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ message: 'Request body is not valid JSON' })
    const form = await send({ ...bearer(olivia.token), 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams({ kind: 'sitter', subjectId: sam.id, reason: 'scam' }).toString())
    expect(form.status).toBe(415)
    expect((await send({ 'content-type': 'application/json' }, body)).status).toBe(401)
    expect((await send({ ...bearer('not-a-token'), 'content-type': 'application/json' }, body)).status).toBe(401)
    expect(await db.selectFrom('reports').select('id').where('subjectId', '=', sam.id).execute()).toEqual([])
  })

  test('the 21st report within an hour is 429 with Retry-After and stores nothing; repeating an open report still answers it', async () => {
    const olivia = await owner()
    const sitters = await Promise.all(Array.from({ length: 21 }, (_, index) => newSitter({ name: `Sitter ${index + 1}` })))
    for (const one of sitters.slice(0, 20)) expect((await report(olivia, { kind: 'sitter', subjectId: one.id, reason: 'spam' })).status).toBe(201)

    const refused = await reportResponse(olivia, { kind: 'sitter', subjectId: sitters[20]?.id, reason: 'spam' })

    expect(refused.status).toBe(429)
    expect(await refused.json()).toMatchObject({ message: 'Too many reports. Please try again later.' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(3500)
    expect(retryAfter).toBeLessThanOrEqual(3600)
    expect(await reportsBy(olivia.id)).toHaveLength(20)
    expect((await report(olivia, { kind: 'sitter', subjectId: sitters[0]?.id, reason: 'spam' })).status).toBe(200)
  })
})

// ---- the pages' Report forms, as a browser without JavaScript sends them ----

const profileOf = (sitterId: string) => `/sitters/${sitterId}`
const reviewsOf = (sitterId: string) => `/sitters/${sitterId}?tab=reviews`
const count = (text: string, phrase: string) => text.split(phrase).length - 1

/** Today in Zurich, the test users' zone, as the pages write a day ('Nov 30, 2026'). */
const todayInZurich = () => new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date())

describe("the sitter profile's Report forms", () => {
  test('a signed-in owner sees Report this profile; a visitor and the sitter themself do not', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    const samSignedIn = await signedIn(sam)

    expect(await textOf(await visitAs(await signedIn(olivia), profileOf(sam.id)))).toContain('Report this profile')
    expect(await textOf(await appRequest(profileOf(sam.id)))).not.toContain('Report')
    expect(await textOf(await visitAs(samSignedIn, profileOf(sam.id)))).not.toContain('Report this profile')
  })

  test('each review has Report review, except for its own author; the sitter may report every review of them', async () => {
    const [sam, olivia, rita] = [await bioSitter(), await owner('Olivia Owner'), await owner('Rita Reader')]
    await insertReview(sam.id, olivia.id, { rating: 2, comment: 'Late twice.' })
    await insertReview(sam.id, rita.id, { rating: 5, comment: 'Lovely.' })
    const thirdParty = await owner('Tom Third')

    expect(count(await textOf(await visitAs(await signedIn(thirdParty), reviewsOf(sam.id))), 'Report review')).toBe(2)
    expect(count(await textOf(await visitAs(await signedIn(olivia), reviewsOf(sam.id))), 'Report review')).toBe(1)
    expect(count(await textOf(await visitAs(await signedIn(sam), reviewsOf(sam.id))), 'Report review')).toBe(2)
    expect(count(await textOf(await appRequest(reviewsOf(sam.id))), 'Report review')).toBe(0)
  })

  test("reporting the profile redirects back with the toast 'Report sent' and stores the report", async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]

    const answer = await postAs(await signedIn(olivia), profileOf(sam.id), { intent: 'report', kind: 'sitter', subjectId: sam.id, reason: 'scam', details: 'Wants cash' })

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(profileOf(sam.id))
    expect(await toastOf(answer)).toMatchObject(toastSent)
    expect(await reportsBy(olivia.id)).toEqual([expect.objectContaining({ kind: 'sitter', subjectId: sam.id, reportedUserId: sam.id, reason: 'scam', details: 'Wants cash' })])
    const pageAfter = await textOf(await visitAs(await signedIn(olivia), profileOf(sam.id)))
    expect(pageAfter).toContain(`You reported this profile on ${todayInZurich()}. Our team will review it.`)
    expect(pageAfter).not.toContain('Report this profile')
  })

  test('reporting a review from the Reviews tab comes back to the tab and names the author', async () => {
    const [sam, olivia] = [await bioSitter(), await owner('Olivia Owner')]
    const reviewId = await insertReview(sam.id, olivia.id, { rating: 1, comment: 'Rude.' })

    const answer = await postAs(await signedIn(sam), reviewsOf(sam.id), { intent: 'report', kind: 'review', subjectId: reviewId, reason: 'harassment', details: '' })

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(reviewsOf(sam.id))
    expect(await toastOf(answer)).toMatchObject(toastSent)
    expect(await reportsBy(sam.id)).toEqual([expect.objectContaining({ kind: 'review', subjectId: reviewId, reportedUserId: olivia.id, reason: 'harassment' })])
    const tabAfter = await textOf(await visitAs(await signedIn(sam), reviewsOf(sam.id)))
    expect(tabAfter).toContain(`You reported this review on ${todayInZurich()}.`)
    expect(count(tabAfter, 'Report review')).toBe(0)
  })

  test('without a reason the page answers 400 naming the reason, keeps the details and opens the form; nothing stored', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]

    const answer = await postAs(await signedIn(olivia), profileOf(sam.id), { intent: 'report', kind: 'sitter', subjectId: sam.id, details: 'He asked for my bank details' })

    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toMatch(/<details open=""[^>]*><summary[^>]*>Report this profile<\/summary>/)
    expect(html).toMatch(/<textarea[^>]*>He asked for my bank details<\/textarea>/)
    expect(html).toMatch(/id="report-sitter-[^"]+-reason-error"[^>]*><li>Choose a reason<\/li>/)
    expect(await reportsBy(olivia.id)).toEqual([])
  })

  test('a visitor posting the form is sent to /login and nothing is stored', async () => {
    const sam = await bioSitter()

    const answer = await appRequest(profileOf(sam.id), { method: 'POST', body: new URLSearchParams({ intent: 'report', kind: 'sitter', subjectId: sam.id, reason: 'spam' }) })

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/login?${new URLSearchParams({ redirectTo: profileOf(sam.id) })}`)
    expect(await db.selectFrom('reports').select('id').where('subjectId', '=', sam.id).execute()).toEqual([])
  })

  test("the profile's form reports this profile or its reviews only: another sitter or kind is 404", async () => {
    const [sam, other, olivia] = [await bioSitter(), await bioSitter('Other Sitter'), await owner()]
    const person = await signedIn(olivia)
    const listed = await insertDog((await owner('Dora Dogowner')).id, { listed: true })

    for (const [kind, subjectId] of [
      ['sitter', other.id],
      ['dog', listed],
      ['conversation', other.id],
    ]) {
      const answer = await postAs(person, profileOf(sam.id), { intent: 'report', kind: kind ?? '', subjectId: subjectId ?? '', reason: 'spam' })
      expect(answer.status, kind).toBe(404)
    }
    expect((await postAs(person, profileOf(sam.id), { kind: 'sitter', subjectId: sam.id, reason: 'spam' })).status).toBe(400)
    expect(await reportsBy(olivia.id)).toEqual([])
  })

  test('the 21st report within an hour: the page says so with 429 and Retry-After', async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    const others = await Promise.all(Array.from({ length: 20 }, (_, index) => newSitter({ name: `Sitter ${index + 1}` })))
    for (const one of others) expect((await report(olivia, { kind: 'sitter', subjectId: one.id, reason: 'spam' })).status).toBe(201)

    const answer = await postAs(await signedIn(olivia), profileOf(sam.id), { intent: 'report', kind: 'sitter', subjectId: sam.id, reason: 'spam', details: 'Keep me' })

    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3500)
    const html = await answer.text()
    expect(html).toContain('Too many reports. Please try again later.')
    expect(html).toMatch(/<textarea[^>]*>Keep me<\/textarea>/)
    expect(await db.selectFrom('reports').select('id').where('subjectId', '=', sam.id).execute()).toEqual([])
  })
})

describe("the listed dog's Report form", () => {
  async function listedDog() {
    const olivia = await owner('Olivia Owner')
    const dogId = await insertDog(olivia.id, { name: 'Luna', breed: 'Beagle', listed: true })
    return { olivia, dogId, sam: await newSitter() }
  }

  test("a sitter sees Report this dog listing, reports it and comes back to the page with the toast", async () => {
    const { olivia, dogId, sam } = await listedDog()
    const samSignedIn: Person = await signedIn(sam)
    expect(await textOf(await visitAs(samSignedIn, `/dogs/available/${dogId}`))).toContain('Report this dog listing')

    const answer = await postAs(samSignedIn, `/dogs/available/${dogId}?tab=personality`, { intent: 'report', kind: 'dog', subjectId: dogId, reason: 'inappropriate', details: 'Photo is not a dog' })

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/dogs/available/${dogId}?tab=personality`)
    expect(await toastOf(answer)).toMatchObject(toastSent)
    expect(await reportsBy(sam.id)).toEqual([expect.objectContaining({ kind: 'dog', subjectId: dogId, reportedUserId: olivia.id, details: 'Photo is not a dog' })])
    const pageAfter = await textOf(await visitAs(samSignedIn, `/dogs/available/${dogId}`))
    expect(pageAfter).toContain(`You reported this dog listing on ${todayInZurich()}.`)
    expect(pageAfter).not.toContain('Report this dog listing')
  })

  test('without a reason: 400 naming the reason, the details kept; nothing stored', async () => {
    const { dogId, sam } = await listedDog()

    const answer = await postAs(await signedIn(sam), `/dogs/available/${dogId}`, { intent: 'report', kind: 'dog', subjectId: dogId, details: 'Odd listing' })

    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toMatch(/<textarea[^>]*>Odd listing<\/textarea>/)
    expect(html).toContain('Choose a reason')
    expect(await reportsBy(sam.id)).toEqual([])
  })

  test('an owner (who sees no listed dogs) and a report of another dog from this page are 404; nothing stored', async () => {
    const { dogId, sam } = await listedDog()
    const other = await insertDog((await owner('Dora Dogowner')).id, { listed: true })
    const rita = await owner('Rita Reader')

    expect((await postAs(await signedIn(rita), `/dogs/available/${dogId}`, { intent: 'report', kind: 'dog', subjectId: dogId, reason: 'spam' })).status).toBe(404)
    expect((await postAs(await signedIn(sam), `/dogs/available/${dogId}`, { intent: 'report', kind: 'dog', subjectId: other, reason: 'spam' })).status).toBe(404)
    expect(await reportsBy(rita.id)).toEqual([])
    expect(await reportsBy(sam.id)).toEqual([])
  })
})

describe('an admin is staff (decision 102) and files no reports', () => {
  const staffRefusal = 'Admin accounts do not file reports: act on it in the console'

  async function adminActor() {
    const user = await insertUser({ name: 'Ada Admin', role: 'admin' })
    return { ...user, token: await apiTokenFor(user) }
  }

  test("the API answers an admin's report of every kind 403, the conversation route too; nothing stored", async () => {
    const [ada, sam, olivia] = [await adminActor(), await bioSitter(), await owner()]
    const reviewId = await insertReview(sam.id, olivia.id, { rating: 2, comment: 'Late.' })

    expect(await report(ada, { kind: 'sitter', subjectId: sam.id, reason: 'spam' })).toEqual({ status: 403, body: { message: staffRefusal, errors: {} } })
    expect((await report(ada, { kind: 'review', subjectId: reviewId, reason: 'harassment' })).status).toBe(403)
    expect(await call('POST', '/api/messages/reports', ada.token, { partnerId: sam.id, reason: 'spam' })).toEqual({ status: 403, body: { message: staffRefusal, errors: {} } })
    expect(await reportsBy(ada.id)).toEqual([])
  })

  test("a sitter's profile shows an admin 'Open in the console' and no Report form; the form posted anyway goes to /unauthorized and stores nothing", async () => {
    const [sam, olivia] = [await bioSitter(), await owner()]
    await insertReview(sam.id, olivia.id, { rating: 2, comment: 'Late twice.' })
    const ada = await signedIn(await insertUser({ name: 'Ada Admin', role: 'admin' }))

    const profile = await textOf(await visitAs(ada, profileOf(sam.id)))
    const reviews = await textOf(await visitAs(ada, reviewsOf(sam.id)))
    const posted = await postAs(ada, profileOf(sam.id), { intent: 'report', kind: 'sitter', subjectId: sam.id, reason: 'spam', details: 'Seen in the queue' })

    expect(profile).toContain('Open in the console')
    expect(profile).not.toContain('Report this profile')
    expect(count(reviews, 'Report review')).toBe(0)
    expect(posted.status).toBe(302)
    expect(posted.headers.get('location')).toBe('/unauthorized')
    expect(await reportsBy(ada.id)).toEqual([])
  })
})
