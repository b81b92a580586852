import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, cookiesFrom, postForm, registerAccount, startTestApp } from './app.ts'
import { insertConversation, insertSitter, insertUser } from './fixtures.ts'
import { plainText, signedIn, textOf, visitAs } from './page-visits.ts'

// The messages screens as a browser without JavaScript uses them, through the production request
// handler: opening a conversation creates it once and reads it, the send form posts and comes back to
// the thread, older messages are a link away, and blocking and reporting are forms too.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

let addresses = 0

/** A registered user signed in with the session cookie, as the browser would be. */
async function browserUser(name: string) {
  const ip = `192.0.2.${++addresses}`
  const account = await registerAccount({ ip })
  await db.updateTable('users').set({ name }).where('id', '=', account.user.id).execute()
  const login = await postForm('/login', { email: account.email, password: account.password, redirectTo: '' }, {})
  const cookie = cookiesFrom(login)
  return {
    id: account.user.id,
    name,
    get: (path: string) => appRequest(path, { headers: { cookie }, ip }),
    post: (path: string, fields: Record<string, string>) => postForm(path, fields, { cookie }),
  }
}

type BrowserUser = Awaited<ReturnType<typeof browserUser>>

const conversationsOf = (a: string, b: string) =>
  db
    .selectFrom('conversations')
    .selectAll()
    .where((eb) => eb.or([eb.and([eb('userAId', '=', a), eb('userBId', '=', b)]), eb.and([eb('userAId', '=', b), eb('userBId', '=', a)])]))
    .execute()

const messagesFrom = (senderId: string) => db.selectFrom('messages').selectAll().where('senderId', '=', senderId).orderBy('createdAt').execute()

async function sendForm(from: BrowserUser, to: BrowserUser, content: string, clientId: string = crypto.randomUUID()) {
  return from.post(`/messages/${to.id}`, { intent: 'send', clientId, content })
}

describe('opening a conversation', () => {
  test('/messages?userId= for a new partner creates the conversation once; without messages it stays out of the list', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    for (let visit = 0; visit < 2; visit++) {
      const page = await anna.get(`/messages?userId=${ben.id}`)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('No messages yet. Start the conversation!')
      expect(html).toContain('No conversations found')
    }
    expect(await conversationsOf(anna.id, ben.id)).toHaveLength(1)
  })

  test('reading a thread marks its messages read, and the badge of that very page already counts them', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    await sendForm(anna, ben, 'One')
    await sendForm(anna, ben, 'Two')
    expect(await textOf(await ben.get('/messages'))).toContain('Messages 2 unread')

    const thread = await textOf(await ben.get(`/messages/${anna.id}`))

    expect(thread).toContain('One')
    expect(thread).not.toContain('unread')
    expect((await messagesFrom(anna.id)).map((row) => row.readAt === null)).toEqual([false, false])
  })

  test("the home page's Messages shortcut counts the unread messages", async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    const messagesShortcut = async () => plainText(/<main[\s\S]*?<a[^>]*href="\/messages"[^>]*>([\s\S]*?)<\/a>/.exec(await (await ben.get('/')).text())?.[1] ?? '')
    expect(await messagesShortcut()).toBe('Messages Chat with owners and sitters.')

    await sendForm(anna, ben, 'One')
    await sendForm(anna, ben, 'Two')

    expect(await messagesShortcut()).toBe('Messages 2 unread')
  })

  test('an unknown user is a 404 page; signed out, the visitor is sent to log in and back', async () => {
    const anna = await browserUser('Anna Alder')
    const missing = await anna.get('/messages/no-such-user')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('User not found')
    const signedOut = await appRequest('/messages?userId=someone')
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toBe('/login?redirectTo=%2Fmessages%3FuserId%3Dsomeone')
  })
})

describe('the inbox', () => {
  test('with no conversation selected it shows the tips; a selected partner is shown with their bio instead', async () => {
    const olivia = await signedIn(await insertUser({ name: 'Olivia Owner' }))
    const sam = await insertSitter({ name: 'Sam Sitter', bio: 'Retired vet nurse, out with dogs every morning.' })

    const inbox = await textOf(await visitAs(olivia, '/messages'))
    expect(inbox).toContain('Select a conversation')
    expect(inbox).toContain('Tips for finding the right sitter')
    expect(inbox).toContain('Tell them about your dog: size, age, temperament and any special needs.')

    const selected = await textOf(await visitAs(olivia, `/messages?userId=${sam.id}`))
    expect(selected).toContain('About Sam Sitter')
    expect(selected).toContain('Retired vet nurse, out with dogs every morning.')
    expect(selected).not.toContain('Tips for finding the right sitter')
  })
})

describe('the send form', () => {
  test('posts, redirects back to the thread, and the message is in it; from /messages?userId= it comes back there', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    const sent = await sendForm(anna, ben, '  See you at 9 at the park gate  ')
    expect(sent.status).toBe(302)
    expect(sent.headers.get('location')).toBe(`/messages/${ben.id}`)
    expect(await (await anna.get(`/messages/${ben.id}`)).text()).toContain('See you at 9 at the park gate')

    const fromInbox = await anna.post(`/messages?userId=${ben.id}`, { intent: 'send', clientId: crypto.randomUUID(), content: 'And bring the lead' })
    expect(fromInbox.headers.get('location')).toBe(`/messages?userId=${ben.id}`)
    expect((await messagesFrom(anna.id)).map((row) => row.content)).toEqual(['See you at 9 at the park gate', 'And bring the lead'])
  })

  test('the same form sent twice stores one message', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    const clientId = crypto.randomUUID()
    await sendForm(anna, ben, 'Only once', clientId)
    await sendForm(anna, ben, 'Only once', clientId)
    expect(await messagesFrom(anna.id)).toHaveLength(1)
  })

  test('an empty message is refused with its reason and stores nothing', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    const refused = await sendForm(anna, ben, '   ')
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('Message cannot be empty')
    expect(await messagesFrom(anna.id)).toEqual([])
  })

  test('a message refused for sending too fast keeps what was typed', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    for (let index = 0; index < 30; index++) await sendForm(anna, ben, `quick ${index}`)
    const refused = await sendForm(anna, ben, 'The one I typed carefully')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)
    const html = await refused.text()
    expect(html).toContain('You are sending messages too quickly. Please wait a moment.')
    expect(html).toMatch(/<textarea[^>]*>The one I typed carefully<\/textarea>/)
  })

  test('message text is shown as text; only http(s) addresses become links', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    await sendForm(anna, ben, '<img src=x onerror=alert(1)> javascript:alert(2) https://vet.example/opening-hours')
    const html = await (await ben.get(`/messages/${anna.id}`)).text()
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; javascript:alert(2) ')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('href="https://vet.example/opening-hours"')
    expect(html).not.toContain('href="javascript:')
  })
})

describe('a long thread', () => {
  /** 35 messages from Anna to Ben, 'Numbered message 1.' to 'Numbered message 35.', a minute apart. */
  const thirtyFiveMessages = (anna: BrowserUser, ben: BrowserUser) =>
    insertConversation(
      anna.id,
      ben.id,
      Array.from({ length: 35 }, (_, index) => ({ from: anna.id, at: new Date(Date.UTC(2026, 1, 1, 9, index + 1)).toISOString(), content: `Numbered message ${index + 1}.` })),
    )

  /** The address of a link with this text on a page, as the browser follows it. */
  const linkTo = (html: string, text: string) => html.match(new RegExp(`href="([^"]+)"[^>]*>${text}<`))?.[1]?.replaceAll('&amp;', '&')

  test('shows the newest 30 messages with a link to older ones, and from there a link back to the newest', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    await thirtyFiveMessages(anna, ben)

    const newest = await (await ben.get(`/messages/${anna.id}`)).text()
    expect(newest).toContain('Numbered message 35.')
    expect(newest).toContain('Numbered message 6.')
    expect(newest).not.toContain('Numbered message 5.')
    const older = linkTo(newest, 'Show older messages')
    expect(older).toContain('before=')

    const olderPage = await (await ben.get(older!)).text()
    expect(olderPage).toContain('Numbered message 1.')
    expect(olderPage).toContain('Numbered message 5.')
    expect(olderPage).not.toContain('Numbered message 6.')
    expect(olderPage).toContain('Show newest messages')
    expect(olderPage).not.toContain('Show older messages')
  })

  test('beside the list (/messages?userId=) the older messages link keeps the search, and so does the way back', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    await thirtyFiveMessages(anna, ben)

    const newest = await (await ben.get(`/messages?userId=${anna.id}&q=Alder`)).text()
    expect(newest).toContain('Numbered message 6.')
    expect(newest).not.toContain('Numbered message 5.')
    const older = new URL(linkTo(newest, 'Show older messages')!, 'http://localhost')
    expect(older.pathname).toBe('/messages')
    expect(older.searchParams.get('userId')).toBe(anna.id)
    expect(older.searchParams.get('q')).toBe('Alder')

    const olderPage = await (await ben.get(`${older.pathname}${older.search}`)).text()
    expect(olderPage).toContain('Numbered message 1.')
    expect(olderPage).toContain('Numbered message 5.')
    expect(olderPage).not.toContain('Numbered message 6.')
    expect(olderPage).toMatch(/name="q"[^>]*value="Alder"/)
    expect(linkTo(olderPage, 'Show newest messages')).toBe(`/messages?userId=${anna.id}&q=Alder`)
  })
})

describe('safety', () => {
  test('blocking from the thread hides it from both and stops messages; unblocking brings it back', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    await sendForm(anna, ben, 'Hello Ben')
    const blocked = await ben.post(`/messages/${anna.id}`, { intent: 'block' })
    expect(blocked.status).toBe(302)
    expect(blocked.headers.get('location')).toBe('/messages')
    expect(await db.selectFrom('userBlocks').selectAll().where('blockerId', '=', ben.id).execute()).toEqual([expect.objectContaining({ blockedId: anna.id })])

    const bensView = await (await ben.get(`/messages/${anna.id}`)).text()
    expect(bensView).toContain('You blocked <bdi>Anna Alder</bdi>.')
    expect(bensView).not.toContain('Hello Ben')
    const annasView = await (await anna.get(`/messages?userId=${ben.id}`)).text()
    expect(annasView).toContain("You can&#x27;t exchange messages with <bdi>Ben Birch</bdi>.")
    expect(annasView).toContain('No conversations found')
    expect((await sendForm(anna, ben, 'Hello?')).status).toBe(403)
    expect(await messagesFrom(anna.id)).toHaveLength(1)

    expect((await ben.post(`/messages/${anna.id}`, { intent: 'unblock' })).status).toBe(302)
    expect(await (await ben.get(`/messages/${anna.id}`)).text()).toContain('Hello Ben')
  })

  test('reporting stores the report; without a reason the form says so and stores nothing', async () => {
    const [anna, ben] = [await browserUser('Anna Alder'), await browserUser('Ben Birch')]
    await sendForm(ben, anna, 'Pay me in cash first')
    const missingReason = await anna.post(`/messages/${ben.id}`, { intent: 'report', details: 'Odd' })
    expect(missingReason.status).toBe(400)
    expect(await missingReason.text()).toContain('Choose a reason')
    const reported = await anna.post(`/messages/${ben.id}`, { intent: 'report', reason: 'scam', details: 'Wants cash before the walk' })
    expect(reported.status).toBe(302)
    expect(await db.selectFrom('reports').selectAll().where('reporterId', '=', anna.id).execute()).toEqual([
      expect.objectContaining({ reportedUserId: ben.id, reason: 'scam', details: 'Wants cash before the walk' }),
    ])
  })
})

describe("the partner beside a thread (the spec's static panel made real)", () => {
  const hoursAfter = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString()

  /** Sam, a sitter since March 3, 2025 who walks for $24.50 an hour and sits on request. */
  async function samTheSitter() {
    const sam = await insertSitter({
      name: 'Sam Sitter',
      services: [
        { service: 'walking', hourlyRateCents: 2450 },
        { service: 'sitting', hourlyRateCents: null },
      ],
    })
    await db.updateTable('users').set({ createdAt: '2025-03-03T12:00:00.000Z' }).where('id', '=', sam.id).execute()
    return sam
  }

  test("a sitter's member since, measured reply rate and reply time, and their own services and rates", async () => {
    const sam = await samTheSitter()
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const pete = await insertUser({ name: 'Pete Walker' })
    const start = '2026-10-01T08:00:00.000Z'
    // Olivia waits 30 minutes for one answer and 90 for the other: the median is 60 minutes.
    await insertConversation(olivia.id, sam.id, [
      { from: olivia.id, at: start },
      { from: sam.id, at: hoursAfter(start, 0.5) },
      { from: olivia.id, at: hoursAfter(start, 24) },
      { from: sam.id, at: hoursAfter(start, 25.5) },
    ])
    // Pete is never answered: Sam answered one of the two conversations started with him.
    await insertConversation(pete.id, sam.id, [{ from: pete.id, at: start }])

    const page = await textOf(await visitAs(await signedIn(olivia), `/messages/${sam.id}`))

    expect(page).toContain('Member since March 3, 2025')
    expect(page).toContain('Reply rate Answers 50% of conversations')
    expect(page).toContain('Reply time Usually replies within an hour')
    expect(page).toContain('Services and rates Dog Walking $24.50/hour Dog Sitting Rate on request')
    expect(page).toContain('Reviews No reviews yet')
    // Not the spec's placeholder price list.
    expect(page).not.toMatch(/\$(20|45|60)\b/)
  })

  test('a reply time reads the same beside the conversation and on the sitter’s profile, rounded up: 2,000 minutes is 2 days', async () => {
    const sam = await samTheSitter()
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const start = '2026-10-01T08:00:00.000Z'
    await insertConversation(olivia.id, sam.id, [
      { from: olivia.id, at: start },
      { from: sam.id, at: hoursAfter(start, 2000 / 60) },
    ])
    const viewer = await signedIn(olivia)

    expect(await textOf(await visitAs(viewer, `/messages/${sam.id}`))).toContain('Reply time Usually replies within 2 days')
    expect(await textOf(await visitAs(viewer, `/sitters/${sam.id}`))).toContain('Usually replies within 2 days')
  })

  test('Book appears from the 10th message with a sitter, never with someone who is not one', async () => {
    const sam = await samTheSitter()
    const olivia = await insertUser({ name: 'Olivia Owner' })
    const pete = await insertUser({ name: 'Pete Walker' })
    const tenMessages = (a: string, b: string) =>
      Array.from({ length: 10 }, (_, index) => ({ from: index % 2 ? b : a, at: hoursAfter('2026-10-01T08:00:00.000Z', index) }))
    const withSam = await insertConversation(olivia.id, sam.id, tenMessages(olivia.id, sam.id).slice(0, 9))
    await insertConversation(olivia.id, pete.id, tenMessages(olivia.id, pete.id))
    const asOlivia = await signedIn(olivia)
    const bookLink = `href="/sitters/${sam.id}/book/chat/1?`

    expect(await (await visitAs(asOlivia, `/messages/${sam.id}`)).text()).not.toContain(bookLink)
    await db
      .insertInto('messages')
      .values({ id: crypto.randomUUID(), conversationId: withSam, senderId: sam.id, recipientId: olivia.id, content: 'Tenth', createdAt: hoursAfter('2026-10-01T08:00:00.000Z', 9), readAt: null })
      .execute()
    for (const path of [`/messages/${sam.id}`, `/messages?userId=${sam.id}`]) {
      const html = await (await visitAs(asOlivia, path)).text()
      expect(html, path).toContain(bookLink)
      expect(html.replaceAll('<!-- -->', ''), path).toContain('>Book <bdi>Sam</bdi></a>')
    }

    const withPete = await textOf(await visitAs(asOlivia, `/messages/${pete.id}`))
    expect(withPete).not.toContain('Book Pete')
    expect(withPete).not.toContain('Services and rates')
  })
})
