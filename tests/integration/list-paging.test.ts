import { beforeAll, describe, expect, test } from 'vitest'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { encodeCursor } from '#app/lib/keyset-paging.ts'
import { appRequest, bearer, startTestApp } from './app.ts'
import { type Actor, owner, sitter } from './booking-api.ts'
import { insertBooking, insertConversation, insertDog, localDateFromToday } from './fixtures.ts'
import { signedIn, visitAs } from './page-visits.ts'

// Lists that grow with use are paged in SQL (decision 046): the conversation list and both booking lists,
// in the API (an opaque keyset cursor, the next page in `Link: rel="next"`) and on the pages ('Show more',
// a plain link that works without JavaScript). Every row comes exactly once and in order, filters included;
// nobody else's rows appear; anything that is not a cursor this list made is a 400.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

type Row = { id: string }

async function getList(path: string, token: string) {
  const response = await appRequest(path, { headers: bearer(token) })
  return { status: response.status, body: (await response.json()) as unknown, link: response.headers.get('link') }
}

/** Follows `Link: rel="next"` from `path` to the last page; every page's ids, in order. */
async function walkPages(path: string, token: string) {
  const pages: string[][] = []
  for (let next: string | null = path; next; ) {
    const answer = await getList(next, token)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    pages.push((answer.body as Row[]).map((row) => row.id))
    next = answer.link ? (/^<([^>]+)>; rel="next"$/.exec(answer.link)?.[1] ?? 'unreadable Link header') : null
    expect(pages.length).toBeLessThan(50)
  }
  return pages
}

/** The stored bookings `where` keeps, in list order: by start, then id; `newestFirst` reverses both. */
async function expectedOrder(ids: readonly string[], keep: (row: { status: BookingStatus; date: string }) => boolean, newestFirst = false) {
  const rows = await db.selectFrom('bookings').select(['id', 'status', 'date', 'startsAt']).where('id', 'in', ids).execute()
  const sorted = rows.filter(keep).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || (a.id < b.id ? -1 : 1))
  return (newestFirst ? sorted.reverse() : sorted).map((row) => row.id)
}

/**
 * 30 bookings of one owner and sitter in every status, past and ahead, several at the same start (the id
 * decides between them), and bookings of another owner and another sitter that must never show.
 */
async function bookingHistory() {
  const theOwner = await owner('Olivia Owner')
  const theSitter = await sitter({ name: 'Sam Sitter' })
  const dogId = await insertDog(theOwner.id, { name: 'Rex' })
  const parties = { dogId, ownerId: theOwner.id, sitterId: theSitter.id }
  const plan: [BookingStatus, number][] = [
    ...Array.from({ length: 8 }, (_, index): [BookingStatus, number] => ['accepted', 3 + (index % 3)]),
    ...Array.from({ length: 7 }, (_, index): [BookingStatus, number] => ['pending', 10 + (index % 2)]),
    ...Array.from({ length: 8 }, (_, index): [BookingStatus, number] => ['completed', -20 + (index % 4)]),
    ['accepted', -3],
    ['accepted', -4],
    ['cancelled', 6],
    ['cancelled', -6],
    ['rejected', 8],
    ['rejected', -8],
    ['pending', 1],
  ]
  const ids: string[] = []
  for (const [status, days] of plan) ids.push(await insertBooking(parties, { status, date: localDateFromToday(days), slots: [{ startTime: '23:00', endTime: '23:30' }] }))

  const otherOwner = await owner('Oscar Other')
  const otherDog = await insertDog(otherOwner.id, { name: 'Fido' })
  const otherSitter = await sitter({ name: 'Sid Other' })
  const strangers = [
    await insertBooking({ dogId: otherDog, ownerId: otherOwner.id, sitterId: theSitter.id }, { status: 'pending', date: localDateFromToday(4) }),
    await insertBooking({ dogId: otherDog, ownerId: otherOwner.id, sitterId: otherSitter.id }, { status: 'accepted', date: localDateFromToday(4) }),
    await insertBooking({ dogId, ownerId: theOwner.id, sitterId: otherSitter.id }, { status: 'completed', date: localDateFromToday(-2) }),
  ]
  return { theOwner, theSitter, parties, ids, strangers }
}

const fromToday = (row: { date: string }) => row.date >= localDateFromToday(0)

describe('GET /api/bookings and /api/bookings/sitter, a page at a time', () => {
  test("paging through an owner's tabs gives each booking once, in the tab's order, and no one else's", async () => {
    const { theOwner, ids, strangers } = await bookingHistory()
    const mine = [...ids, strangers[2]!]
    const tabs: [string, (row: { status: BookingStatus; date: string }) => boolean, boolean][] = [
      ['', () => true, false],
      ['upcoming', (row) => ['accepted', 'pending'].includes(row.status) && fromToday(row), false],
      ['pending', (row) => row.status === 'pending' && fromToday(row), false],
      ['past', (row) => ['completed', 'cancelled', 'rejected'].includes(row.status) || !fromToday(row), true],
      ['all', () => true, true],
    ]
    for (const [tab, keep, newestFirst] of tabs) {
      const pages = await walkPages(`/api/bookings?limit=4${tab ? `&tab=${tab}` : ''}`, theOwner.token)
      const expected = await expectedOrder(mine, keep, newestFirst)
      expect(expected.length, tab).toBeGreaterThan(4)
      expect(pages.flat(), tab).toEqual(expected)
      expect(pages.slice(0, -1).every((page) => page.length === 4), tab).toBe(true)
    }
    expect((await walkPages('/api/bookings?limit=100', theOwner.token)).flat()).toHaveLength(31)
  })

  test("paging through a sitter's tabs gives each booking once, in the tab's order, and no one else's", async () => {
    const { theSitter, ids, strangers } = await bookingHistory()
    const mine = [...ids, strangers[0]!]
    const tabs: [string, (row: { status: BookingStatus; date: string }) => boolean, boolean][] = [
      ['pending', (row) => row.status === 'pending', false],
      ['upcoming', (row) => row.status === 'accepted' && fromToday(row), false],
      ['completed', (row) => row.status === 'completed' || (row.status === 'accepted' && !fromToday(row)), true],
      ['all', () => true, true],
    ]
    for (const [tab, keep, newestFirst] of tabs) {
      const pages = await walkPages(`/api/bookings/sitter?tab=${tab}&limit=3`, theSitter.token)
      expect(pages.flat(), tab).toEqual(await expectedOrder(mine, keep, newestFirst))
    }
    const day = await db.selectFrom('bookings').select('date').where('id', '=', ids[0]!).executeTakeFirstOrThrow()
    const onThatDay = await walkPages(`/api/bookings/sitter?tab=all&date=${day.date}&limit=1`, theSitter.token)
    expect(onThatDay.flat()).toEqual(await expectedOrder(mine, (row) => row.date === day.date))
  })

  test('a limit over 100 is lowered to it; no Link header on the last page', async () => {
    const { theOwner } = await bookingHistory()
    const answer = await getList('/api/bookings?limit=1000000000', theOwner.token)
    expect(answer.status).toBe(200)
    expect(answer.body).toHaveLength(31)
    expect(answer.link).toBeNull()
  })
})

describe('anything but a cursor this list made is a 400', () => {
  const badCursors = {
    'not base64': '!!!!',
    'base64 of nothing useful': btoa('hello').replace(/=+$/, ''),
    'JSON of the wrong shape': btoa(JSON.stringify({ list: 'owner-bookings::', key: 'x', id: 'y' })).replace(/=+$/, ''),
    'an array of numbers': btoa(JSON.stringify([1, 2, 3])).replace(/=+$/, ''),
    oversized: encodeCursor({ list: 'owner-bookings::', key: '2026-01-01T00:00:00.000Z', id: 'x'.repeat(5000) }),
    empty: '',
  }

  async function expectRefused(path: string, actor: Actor, field: string) {
    const answer = await getList(path, actor.token)
    expect(answer.status, path).toBe(400)
    expect(answer.body, path).toEqual({ message: expect.any(String), errors: { [field]: [expect.any(String)] } })
  }

  test('malformed and oversized cursors', async () => {
    const { theOwner, theSitter } = await bookingHistory()
    for (const [name, cursor] of Object.entries(badCursors)) {
      for (const [path, actor] of [
        ['/api/bookings', theOwner],
        ['/api/bookings/sitter', theSitter],
        ['/api/messages/conversations', theOwner],
      ] as const) {
        const answer = await getList(`${path}?cursor=${encodeURIComponent(cursor)}`, actor.token)
        expect(answer.status, `${name} on ${path}`).toBe(400)
        expect(answer.body).toEqual({ message: expect.any(String), errors: { cursor: [expect.any(String)] } })
      }
    }
  })

  test("another list's cursor: another tab, day or side, the conversations', or bookings' on the conversations", async () => {
    const { theOwner, theSitter } = await bookingHistory()
    const ownerPast = /cursor=([^&>]+)/.exec((await getList('/api/bookings?tab=past&limit=2', theOwner.token)).link ?? '')?.[1]
    expect(ownerPast).toBeDefined()
    await expectRefused(`/api/bookings?tab=upcoming&cursor=${ownerPast}`, theOwner, 'cursor')
    await expectRefused(`/api/bookings?tab=past&date=${localDateFromToday(-20)}&cursor=${ownerPast}`, theOwner, 'cursor')
    await expectRefused(`/api/bookings/sitter?tab=past&cursor=${ownerPast}`, theSitter, 'tab')
    await expectRefused(`/api/bookings/sitter?tab=all&cursor=${ownerPast}`, theSitter, 'cursor')
    await expectRefused(`/api/messages/conversations?cursor=${ownerPast}`, theOwner, 'cursor')
    const conversations = encodeCursor({ list: 'conversations', key: '2026-01-01T00:00:00.000Z', id: 'x' })
    await expectRefused(`/api/bookings?tab=past&cursor=${conversations}`, theOwner, 'cursor')
    // The same list's cursor goes on, whoever made it: a cursor names a place in the list, never a row to read.
    expect((await getList(`/api/bookings?tab=past&limit=2&cursor=${ownerPast}`, theOwner.token)).status).toBe(200)
  })

  test('limits of 0, -1, a fraction or a word', async () => {
    const { theOwner, theSitter } = await bookingHistory()
    for (const limit of ['0', '-1', '1.5', 'ten', '', '1e999']) {
      await expectRefused(`/api/bookings?limit=${limit}`, theOwner, 'limit')
      await expectRefused(`/api/bookings/sitter?limit=${limit}`, theSitter, 'limit')
      await expectRefused(`/api/messages/conversations?limit=${limit}`, theOwner, 'limit')
    }
  })
})

/** `me` with `count` conversations, one a minute, the newest last; and a conversation between two others. */
async function conversationHistory(count: number) {
  const me = await owner('Mia Me')
  const partners: Actor[] = []
  for (let index = 0; index < count; index++) partners.push(await owner(`Partner ${String(index).padStart(3, '0')}`))
  const ids: string[] = []
  for (const [index, partner] of partners.entries()) {
    // Pairs share their last message's time: the id decides between them.
    const at = new Date(Date.UTC(2026, 2, 1, 8, Math.floor(index / 2))).toISOString()
    ids.push(await insertConversation(me.id, partner.id, [{ from: partner.id, at, content: `Hello ${index}` }]))
  }
  const [stranger, another] = [await owner('Stan Stranger'), await owner('Ann Another')]
  await insertConversation(stranger.id, another.id, [{ from: stranger.id, at: '2026-04-01T00:00:00.000Z' }])
  return { me, partners, ids }
}

async function newestFirst(conversationIds: readonly string[]) {
  const rows = await db.selectFrom('conversations').select(['id', 'lastMessageAt']).where('id', 'in', conversationIds).execute()
  return rows.sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '') || (b.id < a.id ? -1 : 1)).map((row) => row.id)
}

describe('GET /api/messages/conversations, a page at a time', () => {
  test('paging through 27 conversations gives each once, newest first, and nobody else’s', async () => {
    const { me, ids } = await conversationHistory(27)
    const pages = await walkPages('/api/messages/conversations?limit=5', me.token)
    expect(pages.map((page) => page.length)).toEqual([5, 5, 5, 5, 5, 2])
    expect(pages.flat()).toEqual(await newestFirst(ids))
  })

  test('the search is applied before paging, and the Link keeps it', async () => {
    const { me, ids, partners } = await conversationHistory(26)
    const pages = await walkPages(`/api/messages/conversations?limit=2&q=${encodeURIComponent('Partner 01')}`, me.token)
    const matching = ids.filter((_, index) => partners[index]!.name.startsWith('Partner 01'))
    expect(matching).toHaveLength(10)
    expect(pages.flat()).toEqual(await newestFirst(matching))
  })

  test('without a limit, 20 a page; a limit over 100 is lowered to 100', async () => {
    const { me } = await conversationHistory(105)
    const first = await getList('/api/messages/conversations', me.token)
    expect(first.body).toHaveLength(20)
    expect(first.link).toMatch(/^<\/api\/messages\/conversations\?cursor=[\w-]+>; rel="next"$/)
    const big = await getList('/api/messages/conversations?limit=1000000000', me.token)
    expect(big.body).toHaveLength(100)
    expect(big.link).toContain('limit=1000000000')
  }, 60_000)
})

/** The href of the page's 'Show more' link, as a browser without JavaScript would follow it. */
function showMoreHref(html: string, label: string) {
  const match = new RegExp(`<a [^>]*href="([^"]+)"[^>]*>${label}</a>`).exec(html)
  return match ? match[1]!.replace(/&amp;/g, '&') : null
}

/** What the cursor of a link says, decoded. */
const cursorContent = (href: string) => Buffer.from(new URL(href, 'http://localhost').searchParams.get('cursor') ?? '', 'base64url').toString()

const bookingLinksIn = (html: string) => [...html.matchAll(/href="\/bookings\/([0-9a-f-]{36})"/g)].map((match) => match[1]!)

describe("the pages' 'Show more', without JavaScript", () => {
  test('/bookings?tab=past shows 20 bookings, then all of them through the link, the first new one marked for the jump', async () => {
    const { theOwner, parties, ids, strangers } = await bookingHistory()
    for (let index = 0; index < 8; index++) ids.push(await insertBooking(parties, { status: 'completed', date: localDateFromToday(-30 - index) }))
    const person = await signedIn(theOwner)
    const past = await expectedOrder([...ids, strangers[2]!], (row) => ['completed', 'cancelled', 'rejected'].includes(row.status) || !fromToday(row), true)
    expect(past.length).toBeGreaterThan(20)

    const first = await (await visitAs(person, '/bookings?tab=past')).text()
    expect(new Set(bookingLinksIn(first))).toEqual(new Set(past.slice(0, 20)))
    const href = showMoreHref(first, 'Show more bookings')
    expect(href).toMatch(/^\/bookings\?tab=past&cursor=[\w-]+#more$/)

    const more = await visitAs(person, href!.replace(/#more$/, ''))
    expect(more.status).toBe(200)
    const html = await more.text()
    expect([...new Set(bookingLinksIn(html))]).toEqual(past)
    expect(html).toContain(`id="more"`)
    expect(showMoreHref(html, 'Show more bookings')).toBeNull()
  })

  test('/bookings-sitter?tab=all shows a page, then the next one under it', async () => {
    const { theSitter, ids, strangers } = await bookingHistory()
    const person = await signedIn(theSitter)
    const all = await expectedOrder([...ids, strangers[0]!], () => true, true)
    const first = await (await visitAs(person, '/bookings-sitter?tab=all')).text()
    expect([...new Set(bookingLinksIn(first))]).toEqual(all.slice(0, 20))
    const href = showMoreHref(first, 'Show more bookings')!
    const answer = await visitAs(person, href.replace(/#more$/, ''))
    const html = await answer.text()
    expect(answer.status, `${href}: ${html.slice(0, 300)}`).toBe(200)
    expect([...new Set(bookingLinksIn(html))]).toEqual(all)
  })

  test('/messages shows 20 conversations, then all 26 through the link; opening one keeps them shown', async () => {
    const { me, partners, ids } = await conversationHistory(26)
    const person = await signedIn(me)
    const names = (html: string) => {
      const list = /<ul aria-label="Conversations".*?<\/ul>/s.exec(html)?.[0] ?? ''
      return [...list.matchAll(/>(Partner \d{3})</g)].map((match) => match[1])
    }
    const newestNames = (await newestFirst(ids)).map((id) => partners[ids.indexOf(id)]!.name)

    const first = await (await visitAs(person, '/messages')).text()
    expect(names(first)).toEqual(newestNames.slice(0, 20))
    const href = showMoreHref(first, 'Show more conversations')!
    expect(href).toMatch(/^\/messages\?cursor=[\w-]+#more$/)

    const more = await (await visitAs(person, href.replace(/#more$/, ''))).text()
    expect(names(more)).toEqual(newestNames)
    expect(showMoreHref(more, 'Show more conversations')).toBeNull()
    const opened = /href="(\/messages\?userId=[^"]+)"/.exec(more)![1]!.replace(/&amp;/g, '&')
    expect(opened).toContain('cursor=')
    expect(names(await (await visitAs(person, opened)).text())).toEqual(newestNames)
  })

  test("another user's 'Show more' link shows the signed-in user only their own rows, nothing of the other's", async () => {
    const mine = await bookingHistory()
    const theirs = await bookingHistory()
    for (let index = 0; index < 8; index++) theirs.ids.push(await insertBooking(theirs.parties, { status: 'completed', date: localDateFromToday(-30 - index) }))
    const [me, them] = [await signedIn(mine.theOwner), await signedIn(theirs.theOwner)]
    const theirHref = showMoreHref(await (await visitAs(them, '/bookings?tab=past')).text(), 'Show more bookings')!

    const answer = await visitAs(me, theirHref.replace(/#more$/, ''))

    expect(answer.status).toBe(200)
    const html = await answer.text()
    const minePast = await expectedOrder([...mine.ids, mine.strangers[2]!], (row) => ['completed', 'cancelled', 'rejected'].includes(row.status) || !fromToday(row), true)
    expect(new Set(bookingLinksIn(html))).toEqual(new Set(minePast))
    // Only the place the cursor names is echoed back (the page's own cursor): no other row of theirs.
    const named = cursorContent(theirHref)
    for (const id of [...theirs.ids, ...theirs.strangers].filter((id) => !named.includes(id))) expect(html).not.toContain(id)

    const [myMessages, theirMessages] = [await conversationHistory(21), await conversationHistory(21)]
    const theirMessagesHref = showMoreHref(await (await visitAs(await signedIn(theirMessages.me), '/messages')).text(), 'Show more conversations')!
    const messages = await visitAs(await signedIn(myMessages.me), theirMessagesHref.replace(/#more$/, ''))
    expect(messages.status).toBe(200)
    const messagesHtml = await messages.text()
    const partnersShown = [...messagesHtml.matchAll(/href="\/messages\?userId=([0-9a-f-]{36})/g)].map((match) => match[1]!)
    expect(new Set(partnersShown)).toEqual(new Set(myMessages.partners.map((partner) => partner.id)))
    for (const partner of theirMessages.partners) expect(messagesHtml).not.toContain(partner.id)
    for (const id of theirMessages.ids.filter((id) => !cursorContent(theirMessagesHref).includes(id))) expect(messagesHtml).not.toContain(id)
  })

  test("a page given a broken or another list's cursor starts at the top", async () => {
    const { me } = await conversationHistory(21)
    const person = await signedIn(me)
    const bookingsCursor = encodeCursor({ list: 'owner-bookings:upcoming:', key: '2026-01-01T00:00:00.000Z', id: 'x' })
    for (const cursor of ['garbage', bookingsCursor, 'x'.repeat(5000)]) {
      const answer = await visitAs(person, `/messages?cursor=${cursor}`)
      expect(answer.status).toBe(200)
      expect(await answer.text()).toContain('Show more conversations')
    }
    expect((await visitAs(person, `/bookings?cursor=garbage`)).status).toBe(200)
  })
})
