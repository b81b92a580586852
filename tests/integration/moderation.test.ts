import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { moderationNotificationSubscriber } from '#app/features/moderation/moderation-events.server.ts'
import { liftEndedSuspensions } from '#app/features/moderation/suspensions.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { backgroundWorkDone } from '#app/lib/work-queue.server.ts'
import { startTestApp } from './app.ts'
import { type Actor, call, owner, ownerDogAndSitter, requestBooking, sitter as newSitter } from './booking-api.ts'
import { apiTokenFor, insertConversation, insertDog, insertReview, insertUser, localDateFromToday } from './fixtures.ts'
import { plainText, postAs, signedIn, textOf, toastOf, visitAs } from './page-visits.ts'

// Moderation through the admins' API (issue 30, DESIGN.md ruling 25): a report keeps what was reported as it
// was, an admin resolves it once, a suspension acts at once (sessions, tokens, listing, pending requests),
// and every admin action and read of reported content is in an audit log nobody can change.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

async function admin(name = 'Ada Admin'): Promise<Actor> {
  const user = await insertUser({ name, role: 'admin' })
  return { ...user, token: await apiTokenFor(user) }
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date())

const sendMessage = async (from: Actor, to: Actor, content: string) =>
  expect((await call('POST', '/api/messages', from.token, { recipientId: to.id, content, clientId: randomUUID() })).status).toBe(201)

/** Anna and Ben's conversation: 14 lines from Anna, then 12 from Ben, the last 11 of them rude. */
async function annoyingConversation(anna: Actor, ben: Actor) {
  const lines = [
    ...Array.from({ length: 14 }, (_, index) => ({ from: anna.id, at: minutesAgo(100 - index), content: `Anna ${index + 1}` })),
    { from: ben.id, at: minutesAgo(80), content: 'Ben polite' },
    ...Array.from({ length: 11 }, (_, index) => ({ from: ben.id, at: minutesAgo(70 - index), content: `Ben rude ${index + 1}` })),
  ]
  return insertConversation(anna.id, ben.id, lines)
}

type Snapshot = { kind: string; messages: { content: string; reported: boolean; addedAt?: string }[] }
type ReportDetail = { id: string; state: string; otherReportCount: number; snapshot: Snapshot; reporter: { id: string }; reportedUser: { id: string } }

const auditOf = (targetId: string) => db.selectFrom('auditLog').select(['action', 'adminId', 'reason']).where('targetId', '=', targetId).orderBy('at').orderBy('action').execute()

describe('the admin API is for admins only', () => {
  test('a visitor, an owner and a sitter get 404, as for an unknown path; an admin gets the answer', async () => {
    const [anOwner, aSitter, anAdmin] = [await owner(), await newSitter(), await admin()]
    const paths = ['/api/admin/reports', '/api/admin/users?q=a', `/api/admin/users/${anOwner.id}`, '/api/admin/audit']
    for (const path of paths) {
      expect((await call('GET', path, '')).status, path).toBe(404)
      expect((await call('GET', path, anOwner.token)).status, path).toBe(404)
      expect((await call('GET', path, aSitter.token)).status, path).toBe(404)
      expect((await call('GET', path, anAdmin.token)).status, path).toBe(200)
    }
    const suspend = await call('POST', `/api/admin/users/${anOwner.id}/suspension`, aSitter.token, { reason: 'Because' })
    expect(suspend).toEqual({ status: 404, body: { message: 'Not found', errors: {} } })
    expect((await db.selectFrom('users').select('accountStatus').where('id', '=', anOwner.id).executeTakeFirstOrThrow()).accountStatus).toBe('active')
  })
})

describe('reports of a conversation', () => {
  test("the report keeps the reported user's latest ten messages and the ten before them, as they were; reading it is audited", async () => {
    const [anna, ben, ada] = [await owner('Anna Alder'), await owner('Ben Birch'), await admin()]
    await annoyingConversation(anna, ben)
    const filed = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'harassment', details: 'Rude' })
    expect(filed.status).toBe(201)
    // Ben's messages change after the report: the report still shows what Anna saw.
    await db.updateTable('messages').set({ content: 'edited later' }).where('senderId', '=', ben.id).execute()

    const report = await call<ReportDetail>('GET', `/api/admin/reports/${filed.body.id}`, ada.token)

    expect(report.status).toBe(200)
    const expected = [
      // The ten before the oldest reported message: Anna 7-14, Ben's polite one and his first rude one.
      ...Array.from({ length: 8 }, (_, index) => ({ content: `Anna ${index + 7}`, reported: false })),
      { content: 'Ben polite', reported: false },
      { content: 'Ben rude 1', reported: false },
      ...Array.from({ length: 10 }, (_, index) => ({ content: `Ben rude ${index + 2}`, reported: true })),
    ]
    expect(report.body.snapshot.messages.map(({ content, reported }) => ({ content, reported }))).toEqual(expected)
    expect(await auditOf(filed.body.id)).toEqual([{ action: 'report.read', adminId: ada.id, reason: null }])
  })

  test("while it is open, reporting again adds the messages written since, once each and marked when; the reporter's own alone add nothing", async () => {
    const [anna, ben, ada] = [await owner('Anna Alder'), await owner('Ben Birch'), await admin()]
    await annoyingConversation(anna, ben)
    const filed = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'harassment', details: 'Rude' })
    const reportAgain = () => call('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'spam', details: 'More' })
    const kept = async () => (await call<ReportDetail>('GET', `/api/admin/reports/${filed.body.id}`, ada.token)).body.snapshot.messages

    // The lists of reports mark one that grew, with when (decision 103): in the API and on the pages (here Ben's
    // page, whose list is the queue's).
    const grewAt = async () => (await call<{ grewAt: string | null }>('GET', `/api/admin/reports/${filed.body.id}`, ada.token)).body.grewAt
    const queueRow = async () => {
      const html = await (await visitAs(await signedIn(ada), `/admin/users/${ben.id}`)).text()
      return plainText(html.split('<li').find((row) => row.includes(`/admin/reports/${filed.body.id}"`)) ?? '')
    }
    expect(await grewAt()).toBeNull()
    expect(await queueRow()).not.toContain('Messages added')

    await sendMessage(anna, ben, 'Please stop')
    expect(await reportAgain()).toEqual({ status: 200, body: { id: filed.body.id } })
    expect(await kept()).toHaveLength(20)
    expect(await grewAt()).toBeNull()

    await sendMessage(ben, anna, 'Ben rude 12')
    await sendMessage(ben, anna, 'Ben rude 13')
    // Two at once (a double tap, two tabs): both answer the open report, and the messages are kept once.
    expect(await Promise.all([reportAgain(), reportAgain()])).toEqual([
      { status: 200, body: { id: filed.body.id } },
      { status: 200, body: { id: filed.body.id } },
    ])

    const messages = await kept()
    expect(messages.slice(0, 20).every((message) => message.addedAt === undefined)).toBe(true)
    expect(messages.slice(20).map(({ content, reported, addedAt }) => ({ content, reported, added: typeof addedAt === 'string' }))).toEqual([
      { content: 'Please stop', reported: false, added: true },
      { content: 'Ben rude 12', reported: true, added: true },
      { content: 'Ben rude 13', reported: true, added: true },
    ])
    const addedAt = messages[20]?.addedAt
    expect(await grewAt()).toBe(addedAt)
    const shownTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(addedAt ?? 0))
    // Today, unless midnight passed since the add.
    expect(await queueRow()).toMatch(new RegExp(`Messages added (Today|Yesterday), ${shownTime}`))
    // The report keeps its first reason and details; only its messages grew.
    expect(await db.selectFrom('reports').select(['reason', 'details']).where('reporterId', '=', anna.id).execute()).toEqual([{ reason: 'harassment', details: 'Rude' }])
  })

  test('the thread says when the viewer reported it instead of offering the form; the messages written since are one tap away (no JavaScript)', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    await annoyingConversation(anna, ben)
    const annaPage = await signedIn(anna)
    const thread = `/messages/${ben.id}`
    const inbox = `/messages?userId=${ben.id}`
    expect(await textOf(await visitAs(annaPage, thread))).toContain('Send report')
    const filed = await postAs(annaPage, thread, { intent: 'report', reason: 'harassment', details: 'Rude' })
    expect(await toastOf(filed)).toMatchObject({ type: 'success', title: 'Report sent', description: 'Thank you. Our team will review this conversation.' })

    const reportedOn = `You reported this conversation on ${todayIn('Europe/Zurich')}. Our team will review it.`
    for (const path of [thread, inbox]) {
      const text = await textOf(await visitAs(annaPage, path))
      expect(text, path).toContain(reportedOn)
      expect(text, path).not.toContain('Send report')
      expect(text, path).not.toContain('since.')
    }

    await sendMessage(ben, anna, 'Ben rude 12')
    for (const path of [thread, inbox]) {
      const text = await textOf(await visitAs(annaPage, path))
      expect(text, path).toContain(`${reportedOn} Ben Birch has written 1 message since. Add it to your report`)
    }
    const added = await postAs(annaPage, inbox, { intent: 'report', reason: 'harassment' })
    expect(added.status).toBe(302)
    expect(await toastOf(added)).toMatchObject({ type: 'success', title: 'Added to your report', description: 'Our team will also see the messages written since.' })
    const row = await db.selectFrom('reports').select('snapshot').where('reporterId', '=', anna.id).executeTakeFirstOrThrow()
    expect((JSON.parse(row.snapshot) as Snapshot).messages.at(-1)).toMatchObject({ content: 'Ben rude 12', reported: true })
    const after = await textOf(await visitAs(annaPage, thread))
    expect(after).toContain(reportedOn)
    expect(after).not.toContain('since.')

    // Ben sees no trace of it.
    const bensView = await textOf(await visitAs(await signedIn(ben), `/messages/${anna.id}`))
    expect(bensView).toContain('Send report')
    expect(bensView).not.toContain('You reported')
  })

  test('hiding the content hides the reported messages only, everywhere; the reporter hears it was handled, never how', async () => {
    const [anna, ben, ada] = [await owner('Anna Alder'), await owner('Ben Birch'), await admin()]
    await annoyingConversation(anna, ben)
    const filed = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'harassment' })

    const resolved = await call('POST', `/api/admin/reports/${filed.body.id}/resolution`, ada.token, { outcome: 'content_hidden', note: 'Insults' })

    expect(resolved).toEqual({ status: 200, body: { id: filed.body.id, state: 'content_hidden' } })
    const thread = await call<{ data: { content: string; hidden: boolean }[] }>('GET', `/api/messages/conversations/${ben.id}?limit=100`, anna.token)
    const shown = thread.body.data.map((message) => message.content)
    expect(thread.body.data.filter((message) => message.hidden)).toHaveLength(10)
    expect(shown.filter((content) => content === 'This message was removed by Pawpal.')).toHaveLength(10)
    expect(shown).toEqual(expect.arrayContaining(['Ben polite', 'Ben rude 1', 'Anna 1']))
    expect(shown.some((content) => /^Ben rude ([2-9]|1[01])$/.test(content))).toBe(false)
    // Kept for the record.
    expect(await db.selectFrom('messages').select('content').where('senderId', '=', ben.id).where('hiddenAt', 'is not', null).execute()).toHaveLength(10)
    expect((await auditOf(filed.body.id)).map((row) => row.action)).toEqual(['report.resolved'])
    await backgroundWorkDone()
    const told = await db.selectFrom('notifications').select(['userId', 'text']).where('type', '=', 'report.resolved').execute()
    expect(told).toEqual([{ userId: anna.id, text: 'Thank you: our team looked into your report and handled it.' }])
  })

  test('a report is resolved once: of two admins at once, one wins and the other gets 409', async () => {
    const [anna, ben, ada, bob] = [await owner('Anna Alder'), await owner('Ben Birch'), await admin('Ada Admin'), await admin('Bob Admin')]
    await annoyingConversation(anna, ben)
    const filed = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'spam' })

    const answers = await Promise.all([
      call('POST', `/api/admin/reports/${filed.body.id}/resolution`, ada.token, { outcome: 'dismissed', note: 'Fine' }),
      call('POST', `/api/admin/reports/${filed.body.id}/resolution`, bob.token, { outcome: 'user_warned', note: 'Warn' }),
    ])

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await db.selectFrom('auditLog').select('action').where('action', '=', 'report.resolved').where('targetId', '=', filed.body.id).execute()).toHaveLength(1)
  })

  test('a resolution without a note, with an unknown outcome or hiding what cannot be hidden changes nothing', async () => {
    const [anna, aSitter, ada] = [await owner('Anna Alder'), await newSitter({ bio: 'I walk dogs.' }), await admin()]
    const filed = await call<{ id: string }>('POST', '/api/reports', anna.token, { kind: 'sitter', subjectId: aSitter.id, reason: 'scam' })
    expect(filed.status).toBe(201)
    const resolve = (body: unknown) => call('POST', `/api/admin/reports/${filed.body.id}/resolution`, ada.token, body)

    expect(await resolve({ outcome: 'dismissed', note: '   ' })).toEqual({ status: 400, body: { message: 'Note is required', errors: { note: ['Note is required'] } } })
    expect((await resolve({ outcome: 'deleted', note: 'x' })).status).toBe(400)
    expect((await resolve({ outcome: 'dismissed', note: 'x'.repeat(1001) })).status).toBe(400)
    expect((await resolve([1, 2])).status).toBe(400)
    expect((await resolve('{"outcome":')).status).toBe(400)
    expect(await resolve({ outcome: 'content_hidden', note: 'Hide it' })).toEqual({
      status: 400,
      body: { message: 'Only messages and reviews can be hidden', errors: { outcome: ['Only messages and reviews can be hidden'] } },
    })
    expect(await resolve({ outcome: 'user_suspended', note: 'Scam', until: '2020-01-01' })).toMatchObject({ status: 400, body: { errors: { until: [expect.any(String)] } } })
    expect((await call('POST', '/api/admin/reports/no-such-report/resolution', ada.token, { outcome: 'dismissed', note: 'x' })).status).toBe(404)

    expect(await db.selectFrom('reports').select('state').where('id', '=', filed.body.id).executeTakeFirstOrThrow()).toEqual({ state: 'open' })
    expect((await db.selectFrom('users').select('accountStatus').where('id', '=', aSitter.id).executeTakeFirstOrThrow()).accountStatus).toBe('active')
    expect(await db.selectFrom('auditLog').select('action').where('targetId', '=', filed.body.id).where('action', '<>', 'report.read').execute()).toEqual([])
  })
})

describe('hiding a review', () => {
  test("a hidden review leaves the sitter's list and rating at once", async () => {
    const [anna, aSitter, ada] = [await owner('Anna Alder'), await newSitter(), await admin()]
    const [rude] = [await insertReview(aSitter.id, (await insertUser({ name: 'Rude Rita' })).id, { rating: 1, comment: 'Awful person, avoid' })]
    await insertReview(aSitter.id, anna.id, { rating: 5, comment: 'Lovely walks' })
    const before = await call<{ rating: number; reviewCount: number }>('GET', `/api/users/${aSitter.id}`, anna.token)
    expect(before.body).toMatchObject({ rating: 3, reviewCount: 2 })

    const filed = await call<{ id: string }>('POST', '/api/reports', aSitter.token, { kind: 'review', subjectId: rude, reason: 'harassment' })
    await call('POST', `/api/admin/reports/${filed.body.id}/resolution`, ada.token, { outcome: 'content_hidden', note: 'Personal attack' })

    const after = await call<{ rating: number; reviewCount: number }>('GET', `/api/users/${aSitter.id}`, anna.token)
    expect(after.body).toMatchObject({ rating: 5, reviewCount: 1 })
    const reviews = await call<{ reviews?: { comment: string }[] } | { comment: string }[]>('GET', `/api/users/${aSitter.id}/reviews`, anna.token)
    expect(JSON.stringify(reviews.body)).not.toContain('Awful person')
    expect(await db.selectFrom('reviews').select('comment').where('id', '=', rude).executeTakeFirstOrThrow()).toEqual({ comment: 'Awful person, avoid' })
  })
})

describe('suspending an account', () => {
  test("acts at once: the user's tokens stop, the listing goes, pending requests are withdrawn with a neutral notice", async () => {
    const { owner: olivia, sitter: sam, dogId } = await ownerDogAndSitter()
    const ada = await admin()
    const booking = await requestBooking(olivia.token, { dogId, sitterId: sam.id, date: localDateFromToday(5), startTime: '10:00', duration: 60 })
    expect((await call('GET', `/api/users/${sam.id}`, olivia.token)).status).toBe(200)

    const suspended = await call('POST', `/api/admin/users/${sam.id}/suspension`, ada.token, { reason: 'Asked owners for cash', until: localDateFromToday(30) })

    expect(suspended).toEqual({ status: 201, body: { id: sam.id, accountStatus: 'suspended' } })
    expect((await call('GET', '/api/users/me', sam.token)).status).toBe(401)
    expect((await call('GET', `/api/users/${sam.id}`, olivia.token)).status).toBe(404)
    expect(await db.selectFrom('sitterListings').select('sitterId').where('sitterId', '=', sam.id).execute()).toEqual([])
    await backgroundWorkDone()
    expect(await db.selectFrom('bookings').select('status').where('id', '=', booking.id).executeTakeFirstOrThrow()).toEqual({ status: 'rejected' })
    const notices = await db.selectFrom('notifications').select('text').where('userId', '=', olivia.id).execute()
    expect(notices.map((notice) => notice.text).join('\n')).toMatch(/declined/)
    expect(notices.map((notice) => notice.text).join('\n')).not.toMatch(/suspend|cash/i)
    expect(await auditOf(sam.id)).toEqual([{ action: 'user.suspended', adminId: ada.id, reason: 'Asked owners for cash' }])
  })

  test('twice at once: one suspension, the other 409; an admin cannot be suspended; lifting never revives an old token', async () => {
    const [anOwner, ada, bob] = [await owner(), await admin('Ada Admin'), await admin('Bob Admin')]
    const answers = await Promise.all([ada, bob].map((who) => call('POST', `/api/admin/users/${anOwner.id}/suspension`, who.token, { reason: 'Spam' })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(await db.selectFrom('suspensions').select('userId').where('userId', '=', anOwner.id).execute()).toHaveLength(1)
    expect((await call('POST', `/api/admin/users/${bob.id}/suspension`, ada.token, { reason: 'x' })).status).toBe(409)

    expect(await call('DELETE', `/api/admin/users/${anOwner.id}/suspension`, ada.token)).toEqual({ status: 200, body: { id: anOwner.id, accountStatus: 'active' } })
    expect((await call('DELETE', `/api/admin/users/${anOwner.id}/suspension`, ada.token)).status).toBe(409)
    expect((await call('GET', '/api/users/me', anOwner.token)).status).toBe(401)
    expect((await auditOf(anOwner.id)).map((row) => row.action).sort()).toEqual(['user.suspended', 'user.suspension_lifted'])
  })

  test('hostile suspension bodies change nothing', async () => {
    const [anOwner, ada] = [await owner(), await admin()]
    const suspend = (body: unknown) => call('POST', `/api/admin/users/${anOwner.id}/suspension`, ada.token, body)
    expect(await suspend({})).toEqual({ status: 400, body: { message: 'Reason is required', errors: { reason: ['Reason is required'] } } })
    expect((await suspend({ reason: 5 })).status).toBe(400)
    expect((await suspend({ reason: 'x', until: '2026-02-30' })).status).toBe(400)
    expect((await suspend({ reason: 'x', until: 'tomorrow' })).status).toBe(400)
    expect((await suspend({ reason: 'bad\u0000' })).status).toBe(400)
    expect((await suspend({ reason: 'x'.repeat(100_000) })).status).toBe(400)
    const wrongType = await (await import('./app.ts')).appRequest(`/api/admin/users/${anOwner.id}/suspension`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'text/plain' },
      body: 'reason=x',
    })
    expect(wrongType.status).toBe(415)
    expect((await call('POST', '/api/admin/users/no-such-user/suspension', ada.token, { reason: 'x' })).status).toBe(404)
    expect((await db.selectFrom('users').select('accountStatus').where('id', '=', anOwner.id).executeTakeFirstOrThrow()).accountStatus).toBe('active')
    expect(await db.selectFrom('suspensions').selectAll().where('userId', '=', anOwner.id).execute()).toEqual([])
  })

  test('a suspension with an end lifts itself once the end has come, not before', async () => {
    const [anOwner, ada] = [await owner(), await admin()]
    const until = localDateFromToday(3, 'UTC')
    await call('POST', `/api/admin/users/${anOwner.id}/suspension`, ada.token, { reason: 'Cooling off', until })
    const status = async () => (await db.selectFrom('users').select('accountStatus').where('id', '=', anOwner.id).executeTakeFirstOrThrow()).accountStatus

    await liftEndedSuspensions(Date.parse(`${until}T00:00:00Z`) - 1000, anOwner.id)
    expect(await status()).toBe('suspended')
    await liftEndedSuspensions(Date.parse(`${until}T00:00:00Z`), anOwner.id)
    expect(await status()).toBe('active')
    expect(await db.selectFrom('suspensions').select(['liftedAt', 'liftedById']).where('userId', '=', anOwner.id).executeTakeFirstOrThrow()).toEqual({
      liftedAt: `${until}T00:00:00.000Z`,
      liftedById: null,
    })
  })
})

describe('the audit log', () => {
  test('lists every admin action, newest first', async () => {
    const [anOwner, ada] = [await owner('Ozzy Owner'), await admin('Ada Admin')]
    await call('POST', `/api/admin/users/${anOwner.id}/suspension`, ada.token, { reason: 'Spam' })
    await call('DELETE', `/api/admin/users/${anOwner.id}/suspension`, ada.token)
    const log = await call<{ action: string; adminName: string; targetId: string }[]>('GET', '/api/admin/audit', ada.token)
    expect(log.status).toBe(200)
    expect(log.body.filter((row) => row.targetId === anOwner.id).map((row) => [row.action, row.adminName])).toEqual([
      ['user.suspension_lifted', 'Ada Admin'],
      ['user.suspended', 'Ada Admin'],
    ])
  })

  test('is append-only: the database refuses to change or delete a row, whoever asks', async () => {
    const [anOwner, ada] = [await owner(), await admin()]
    await call('POST', `/api/admin/users/${anOwner.id}/suspension`, ada.token, { reason: 'Spam' })
    const row = await db.selectFrom('auditLog').select(['id', 'reason']).where('targetId', '=', anOwner.id).executeTakeFirstOrThrow()

    await expect(db.updateTable('auditLog').set({ reason: 'nothing happened' }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/)
    await expect(db.deleteFrom('auditLog').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/)
    await expect(sql`delete from "auditLog"`.execute(db)).rejects.toThrow(/append-only/)
    expect(await db.selectFrom('auditLog').select('reason').where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ reason: 'Spam' })
  })
})

describe('admins hear of new reports', () => {
  test('every active admin gets a notification linking to the report', async () => {
    const [anna, ben, ada] = [await owner('Anna Alder'), await owner('Ben Birch'), await admin()]
    await insertDog(anna.id, { name: 'Luna' })
    await annoyingConversation(anna, ben)
    const filed = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'spam' })
    await backgroundWorkDone()
    const notices = await db.selectFrom('notifications').select(['text', 'href']).where('userId', '=', ada.id).execute()
    expect(notices).toContainEqual({ text: 'New report: conversation', href: `/admin/reports/${filed.body.id}` })
  })

  test('when the reporter adds messages written since, every active admin is told once; not once the report is resolved', async () => {
    const [anna, ben, ada, alf] = [await owner('Anna Alder'), await owner('Ben Birch'), await admin(), await admin()]
    await annoyingConversation(anna, ben)
    const filed = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'harassment' })
    const reportAgain = () => call('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'harassment' })
    const updates = async () => {
      await backgroundWorkDone()
      return db.selectFrom('notifications').select(['userId', 'text', 'href']).where('text', 'like', 'Report updated%').where('userId', 'in', [ada.id, alf.id]).orderBy('occurredAt').execute()
    }

    await sendMessage(anna, ben, 'Please stop')
    await reportAgain()
    expect(await updates()).toEqual([])

    await sendMessage(ben, anna, 'Ben rude 12')
    await sendMessage(ben, anna, 'Ben rude 13')
    await Promise.all([reportAgain(), reportAgain()])
    const href = `/admin/reports/${filed.body.id}`
    const text = 'Report updated: 2 messages added to a conversation report'
    expect(await updates()).toEqual(expect.arrayContaining([{ userId: ada.id, text, href }, { userId: alf.id, text, href }]))
    expect(await updates()).toHaveLength(2)

    await sendMessage(ben, anna, 'Ben rude 14')
    await reportAgain()
    expect((await updates()).filter((notice) => notice.userId === ada.id).map((notice) => notice.text)).toEqual([text, 'Report updated: a message added to a conversation report'])

    // An add whose notice is delivered after an admin resolved the report tells nobody.
    await call('POST', `/api/admin/reports/${filed.body.id}/resolution`, ada.token, { outcome: 'dismissed', note: 'Handled' })
    await moderationNotificationSubscriber.handle({ id: randomUUID(), type: 'report.added', subjectId: filed.body.id, payload: { messages: 1 }, occurredAt: new Date().toISOString() })
    expect(await updates()).toHaveLength(4)
  })
})
