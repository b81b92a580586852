import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, cookiesFrom, registerAccount, startTestApp } from './app.ts'
import { call, owner } from './booking-api.ts'
import { apiTokenFor, insertBookingRow, insertConversation, insertSitter, insertUser } from './fixtures.ts'
import { type Person, plainText, postAs, signedIn, textOf, toastOf, visitAs } from './page-visits.ts'

// The admins' console as a browser without JavaScript uses it (issue 30, DESIGN.md ruling 25): every page is
// a 404 for anyone but an admin, shows what the database holds, and its forms resolve a report, suspend
// and reinstate an account; and the sign-in screen tells a suspended user why, only after the right password.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString()

async function admin(name = 'Ada Admin') {
  return signedIn(await insertUser({ name, role: 'admin' }))
}

/** Anna reports her conversation with Ben (his last message rude); another report about Ben exists already. */
async function reportedConversation() {
  const anna = await owner('Anna Alder')
  const ben = await owner('Ben Birch')
  const carl = await owner('Carl Clay')
  await insertConversation(anna.id, ben.id, [
    { from: anna.id, at: minutesAgo(30), content: 'Could you walk Rex on Saturday?' },
    { from: ben.id, at: minutesAgo(20), content: 'Pay me in cash, idiot' },
  ])
  await insertConversation(carl.id, ben.id, [{ from: ben.id, at: minutesAgo(40), content: 'Buy my stuff' }])
  const earlier = await call<{ id: string }>('POST', '/api/messages/reports', carl.token, { partnerId: ben.id, reason: 'spam' })
  const filed = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'harassment', details: 'He insulted me' })
  expect([earlier.status, filed.status]).toEqual([201, 201])
  return { anna, ben, carl, reportId: filed.body.id }
}

const reportState = async (id: string) => (await db.selectFrom('reports').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state
const accountStatus = async (id: string) => (await db.selectFrom('users').select('accountStatus').where('id', '=', id).executeTakeFirstOrThrow()).accountStatus
const auditActionsOn = async (targetId: string) =>
  (await db.selectFrom('auditLog').select('action').where('targetId', '=', targetId).orderBy('at').execute()).map((row) => row.action)

describe('the console is for admins only', () => {
  test('every admin page is a 404 for a visitor, an owner and a sitter, and a POST changes nothing', async () => {
    const { ben, reportId } = await reportedConversation()
    const anOwner = await signedIn(await insertUser({ name: 'Olga Owner' }))
    const aSitter = await signedIn(await insertSitter({ name: 'Sid Sitter' }))
    const pages = ['/admin', '/admin?state=resolved', `/admin/reports/${reportId}`, '/admin/users', '/admin/users?q=Ben', `/admin/users/${ben.id}`, '/admin/audit']
    for (const path of pages) {
      const visitor = await appRequest(path)
      expect(visitor.status, `${path} for a visitor`).toBe(404)
      expect(await textOf(visitor)).toContain('Oops! Page not found')
      expect((await visitAs(anOwner, path)).status, `${path} for an owner`).toBe(404)
      expect((await visitAs(aSitter, path)).status, `${path} for a sitter`).toBe(404)
    }
    expect((await postAs(aSitter, `/admin/reports/${reportId}`, { outcome: 'dismissed', note: 'Nothing wrong' })).status).toBe(404)
    expect((await postAs(anOwner, `/admin/users/${ben.id}`, { intent: 'suspend', reason: 'Because' })).status).toBe(404)
    expect((await appRequest(`/admin/users/${ben.id}`, { method: 'POST', body: new URLSearchParams({ intent: 'suspend', reason: 'Because' }) })).status).toBe(404)
    expect(await reportState(reportId)).toBe('open')
    expect(await accountStatus(ben.id)).toBe('active')
    expect(await auditActionsOn(reportId)).toEqual([])
  })
})

describe('what an admin sees', () => {
  test('the queue lists the open report: kind, reason, reporter, reported user with the other reports about him, and a link to it', async () => {
    const { reportId, ben } = await reportedConversation()
    const ada = await admin()

    const page = await visitAs(ada, '/admin')

    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<title>Reports | Pawpal admin</title>')
    expect(html).toContain(`href="/admin/reports/${reportId}"`)
    expect(html).toContain(`href="/admin/users/${ben.id}"`)
    const text = (await textOf(new Response(html))).replace(/\s+/g, ' ')
    expect(text).toMatch(/Conversation Open .* Harassment or threats/)
    expect(text).toContain('By Anna Alder about Ben Birch')
    expect(text).toContain('1 other report about this user')
    // Nothing resolved yet.
    expect(await textOf(await visitAs(ada, '/admin?state=resolved'))).toContain('No resolved reports')
  })

  test("'Show more' pages through the queue with the keyset cursor until every report is shown", async () => {
    const reporter = await insertUser({ name: 'Paula Pager' })
    const reported = await insertUser({ name: 'Rupert Reported' })
    const start = Date.parse('2020-01-01T00:00:00Z')
    await db
      .insertInto('reports')
      .values(
        Array.from({ length: 33 }, (_, index) => ({
          id: crypto.randomUUID(),
          kind: 'sitter' as const,
          subjectId: reported.id,
          reporterId: reporter.id,
          reportedUserId: reported.id,
          reason: 'spam',
          details: `Paged report ${index + 1}`,
          snapshot: JSON.stringify({ kind: 'sitter', name: 'Rupert Reported', bio: null, location: null, profilePhoto: null }),
          state: 'dismissed' as const,
          resolutionNote: 'Fine',
          createdAt: new Date(start + index * 60_000).toISOString(),
        })),
      )
      .execute()
    const ada = await admin()
    // Dismissed reports are listed newest first; this test's are the oldest of all, so they come last.
    const pagedOn = async (path: string) => {
      const html = await (await visitAs(ada, path)).text()
      return { count: new Set(plainText(html.replace(/<script[\s\S]*?<\/script>/g, ' ')).match(/Paged report \d+/g)).size, more: /href="(\/admin\?state=dismissed&amp;cursor=[^"#]+)#more"/.exec(html)?.[1]?.replace(/&amp;/g, '&') }
    }

    let page = await pagedOn('/admin?state=dismissed')
    let shown = page.count
    let pages = 1
    while (page.more) {
      page = await pagedOn(page.more)
      expect(page.count).toBeGreaterThan(shown)
      shown = page.count
      pages++
    }
    expect(shown).toBe(33)
    expect(pages).toBeGreaterThan(1)
  })

  test('a report shows the messages as reported, the reported one marked, and opening it is audited', async () => {
    const { reportId } = await reportedConversation()
    const ada = await admin()

    const page = await visitAs(ada, `/admin/reports/${reportId}`)

    expect(page.status).toBe(200)
    const text = await textOf(page)
    expect(text).toContain('Conversation report')
    expect(text).toContain('He insulted me')
    expect(text).toMatch(/Anna Alder .* Could you walk Rex on Saturday\? Ben Birch .* Reported Pay me in cash, idiot/)
    expect(text).toContain('1 other report about this user')
    expect(text).toContain('Content hidden')
    expect(await auditActionsOn(reportId)).toEqual(['report.read'])
  })

  test('the user search finds by name or e-mail and says when nothing matches', async () => {
    const found = await insertUser({ name: 'Quentin Quill', email: `quill-${crypto.randomUUID().slice(0, 6)}@example.com` })
    const ada = await admin()

    const byName = await textOf(await visitAs(ada, '/admin/users?q=quentin'))
    expect(byName).toContain('Quentin Quill')
    expect(byName).toContain(found.email)
    expect(byName).toContain('Dog Owner Active')
    expect(await textOf(await visitAs(ada, `/admin/users?q=${encodeURIComponent(found.email.slice(0, 10))}`))).toContain('Quentin Quill')
    expect(await textOf(await visitAs(ada, '/admin/users?q=nobody-has-this'))).toContain('No users found')
    expect(await textOf(await visitAs(ada, '/admin/users'))).toContain('Search for a user')
  })

  test("a user's page shows their role, status, reports by and against them and their bookings", async () => {
    const { anna, ben, reportId } = await reportedConversation()
    const sam = await insertSitter({ name: 'Sam Sitter' })
    await insertBookingRow(ben.id, sam.id, { status: 'completed', date: '2026-01-10' })
    const ada = await admin()

    const benPage = await textOf(await visitAs(ada, `/admin/users/${ben.id}`))
    expect(benPage).toMatch(/Role Dog Owner Status Active Last sign-in Today, \d\d:\d\d Member since/)
    expect(benPage).toMatch(/Reports about them .*Harassment or threats.* By Anna Alder .*Spam or advertising.* By Carl Clay/)
    expect(benPage).toContain('They have not reported anyone.')
    expect(benPage).toMatch(/Latest bookings Saturday, January 10, 2026 Dog Walking · with sitter Sam Sitter Completed/)
    expect(benPage).toContain('Suspend account')
    const annaPage = await visitAs(ada, `/admin/users/${anna.id}`)
    const annaHtml = await annaPage.text()
    expect(annaHtml).toContain(`href="/admin/reports/${reportId}"`)
    expect(annaHtml).toContain('Nobody has reported them.')
    expect(annaHtml).toContain('No bookings yet.')
  })

  test('the audit log lists the reads and actions, newest first, with links to their targets', async () => {
    const { reportId, ben } = await reportedConversation()
    const ada = await admin('Audrey Auditor')
    await visitAs(ada, `/admin/reports/${reportId}`)
    await postAs(ada, `/admin/users/${ben.id}`, { intent: 'suspend', reason: 'Insults sitters' })

    const page = await visitAs(ada, '/admin/audit')

    const html = await page.text()
    const text = (await textOf(new Response(html))).replace(/\s+/g, ' ')
    expect(text.indexOf('Suspended a user by Audrey Auditor')).toBeGreaterThan(-1)
    expect(text.indexOf('Suspended a user by Audrey Auditor')).toBeLessThan(text.indexOf('Read a report by Audrey Auditor'))
    expect(text).toContain('“Insults sitters”')
    expect(html).toContain(`href="/admin/users/${ben.id}"`)
    expect(html).toContain(`href="/admin/reports/${reportId}"`)
    expect(text).toContain('Read a report by Audrey Auditor')
    expect(text).toContain('Report about Ben Birch (Conversation)')
  })
})

describe('resolving a report', () => {
  test('without a note it fails naming the note, keeps the outcome chosen and changes nothing', async () => {
    const { reportId, ben } = await reportedConversation()
    const ada = await admin()

    const answer = await postAs(ada, `/admin/reports/${reportId}`, { outcome: 'user_suspended', note: '  ', until: '2031-12-03' })

    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toMatch(/id="resolve-report-note-error"[^>]*><li>Note is required<\/li>/)
    expect(html).toContain('href="#resolve-report-note"')
    expect(html).toMatch(/<input[^>]*value="user_suspended"[^>]*checked=""|<input[^>]*checked=""[^>]*value="user_suspended"/)
    expect(html).toContain('value="2031-12-03"')
    expect(await reportState(reportId)).toBe('open')
    expect(await accountStatus(ben.id)).toBe('active')
    // The page shown again is a read of the report (audited as one), nothing more.
    expect(new Set(await auditActionsOn(reportId))).toEqual(new Set(['report.read']))
    expect(await auditActionsOn(ben.id)).toEqual([])
  })

  test('hiding the content resolves it once, with a toast, and the page then shows the outcome and the note', async () => {
    const { reportId } = await reportedConversation()
    const ada = await admin()

    const answer = await postAs(ada, `/admin/reports/${reportId}`, { outcome: 'content_hidden', note: 'Insults in chat' })

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/admin/reports/${reportId}`)
    expect(await toastOf(answer)).toMatchObject({ type: 'success', title: 'Report resolved', description: 'Content hidden' })
    expect(await reportState(reportId)).toBe('content_hidden')
    const text = await textOf(await visitAs(ada, `/admin/reports/${reportId}`))
    expect(text).toMatch(/Resolution Outcome Content hidden Note Insults in chat When/)
    expect(text).not.toContain('Resolve report')
    const again = await postAs(ada, `/admin/reports/${reportId}`, { outcome: 'dismissed', note: 'Again' })
    expect(await toastOf(again)).toMatchObject({ type: 'error', title: 'This report was already resolved' })
    expect(await reportState(reportId)).toBe('content_hidden')
  })
})

describe("suspending from a user's page", () => {
  test('the suspend form suspends with the reason and the end; the lift button reinstates', async () => {
    const ben = await insertUser({ name: 'Ben Birch' })
    const ada = await admin()

    const suspended = await postAs(ada, `/admin/users/${ben.id}`, { intent: 'suspend', reason: 'Asked owners for cash', until: '2031-12-03' })

    expect(suspended.status).toBe(302)
    expect(await toastOf(suspended)).toMatchObject({ title: 'Account suspended' })
    expect(await accountStatus(ben.id)).toBe('suspended')
    const page = await textOf(await visitAs(ada, `/admin/users/${ben.id}`))
    expect(page).toContain('Suspended until 3 Dec 2031 Reason Asked owners for cash')
    expect(page).toContain('Lift suspension')

    const lifted = await postAs(ada, `/admin/users/${ben.id}`, { intent: 'lift' })

    expect(lifted.status).toBe(302)
    expect(await toastOf(lifted)).toMatchObject({ title: 'Suspension lifted' })
    expect(await accountStatus(ben.id)).toBe('active')
    expect(await auditActionsOn(ben.id)).toEqual(['user.suspended', 'user.suspension_lifted'])
  })

  test('without a reason the form names the field; an admin cannot be suspended and the page says why', async () => {
    const ben = await insertUser({ name: 'Ben Birch' })
    const bob = await insertUser({ name: 'Bob Admin', role: 'admin' })
    const ada = await admin()

    const noReason = await postAs(ada, `/admin/users/${ben.id}`, { intent: 'suspend', reason: '', until: '2031-12-03' })
    expect(noReason.status).toBe(400)
    const html = await noReason.text()
    expect(html).toMatch(/id="suspend-user-reason-error"[^>]*><li>Reason is required<\/li>/)
    expect(html).toContain('value="2031-12-03"')

    const anAdmin = await postAs(ada, `/admin/users/${bob.id}`, { intent: 'suspend', reason: 'Testing' })
    expect(anAdmin.status).toBe(409)
    expect(await textOf(anAdmin)).toContain('An admin cannot be suspended: revoke the role first')
    expect([await accountStatus(ben.id), await accountStatus(bob.id)]).toEqual(['active', 'active'])
  })
})

describe('signing in to a suspended account', () => {
  let addresses = 0
  const signIn = (email: string, password: string) => {
    const ip = `198.51.100.${++addresses}`
    return appRequest('/login', { method: 'POST', ip, body: new URLSearchParams({ email, password, redirectTo: '' }) })
  }
  async function suspendedAccount(ada: Person, until?: string) {
    const account = await registerAccount({ ip: `203.0.113.${100 + addresses}` })
    const answer = await postAs(ada, `/admin/users/${account.user.id}`, { intent: 'suspend', reason: 'Rude to three sitters', ...(until ? { until } : {}) })
    expect(answer.status).toBe(302)
    return account
  }

  test('the right password shows the reason and the end; a wrong one the usual invalid-credentials error', async () => {
    const ada = await admin()
    const account = await suspendedAccount(ada, '2031-12-03')

    const right = await signIn(account.email, account.password)
    expect(right.status).toBe(403)
    expect(cookiesFrom(right)).not.toContain('__session=')
    const text = await textOf(right)
    expect(text).toContain('Your account is suspended You cannot sign in until 3 Dec 2031')
    expect(text).toContain('Reason Rude to three sitters')

    const wrong = await signIn(account.email, 'wrong-password')
    expect(wrong.status).toBe(401)
    const wrongText = await textOf(wrong)
    expect(wrongText).toContain('Invalid email or password. Please try again.')
    expect(wrongText).not.toMatch(/suspended|Rude to three sitters/)
  })

  test('without an end it says until further notice; the API adds the suspension to its 403', async () => {
    const ada = await admin()
    const account = await suspendedAccount(ada)

    expect(await textOf(await signIn(account.email, account.password))).toContain('You cannot sign in until further notice')
    const api = await appRequest('/api/auth/login', {
      method: 'POST',
      ip: '198.51.100.250',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    })
    expect(api.status).toBe(403)
    expect(await api.json()).toEqual({
      message: 'Your account has been locked. Please contact support.',
      errors: {},
      suspension: { reason: 'Rude to three sitters', until: null },
    })
  })

  test('a suspension whose end has passed lifts itself at sign-in, and the user is signed in', async () => {
    const ada = await admin()
    const account = await suspendedAccount(ada, '2031-12-03')
    await db.updateTable('suspensions').set({ endsAt: minutesAgo(1) }).where('userId', '=', account.user.id).execute()

    const answer = await signIn(account.email, account.password)

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/map')
    expect(cookiesFrom(answer)).toContain('__session=')
    expect(await accountStatus(account.user.id)).toBe('active')
    expect(await db.selectFrom('suspensions').select(['liftedAt', 'liftedById']).where('userId', '=', account.user.id).executeTakeFirstOrThrow()).toEqual({
      liftedAt: expect.any(String),
      liftedById: null,
    })
    expect((await call('GET', '/api/users/me', await apiTokenFor(account.user))).status).toBe(200)
  })
})
