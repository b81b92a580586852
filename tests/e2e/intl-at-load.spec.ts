import { demoUsers, expect, loginAs, registerUser, test } from './fixtures.ts'

// A page's first Intl object costs the browser tens of milliseconds of loading locale data, in the task that runs the
// page's scripts before it can hydrate (decision 120): these pages create none while they load and hydrate. Names,
// lists, counts and dollars are written out (calendar-names.ts, number-format.ts), the formatters a page may need
// later are made when first used, and the viewer's zone is read through the offsets the page brings (decision 121).

const intlConstructors = ['DateTimeFormat', 'ListFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'Segmenter'] as const

test.beforeEach(async ({ page, jsEnabled }) => {
  test.skip(!jsEnabled, 'without JavaScript the page runs no script')
  await page.addInitScript((names) => {
    const made: string[] = []
    Object.assign(window, { intlMade: made })
    const watch = <Target extends object>(target: Target, label: string) =>
      new Proxy(target, {
        construct: (original, args, newTarget) => {
          made.push(`${label} ${JSON.stringify(args)}`)
          return Reflect.construct(original as new (...args: unknown[]) => object, args, newTarget) as object
        },
        apply: (original, self, args) => {
          made.push(label)
          return Reflect.apply(original as (...args: unknown[]) => unknown, self, args)
        },
      })
    for (const name of names) Reflect.set(Intl, name, watch(Reflect.get(Intl, name) as object, `Intl.${name}`))
    for (const [prototype, kind] of [
      [Number.prototype, 'Number'],
      [Date.prototype, 'Date'],
    ] as const) {
      Reflect.set(prototype, 'toLocaleString', watch(Reflect.get(prototype, 'toLocaleString') as object, `${kind}.toLocaleString`))
    }
  }, intlConstructors)
})

for (const { path, who } of [
  { path: '/login', who: null },
  { path: '/sitters', who: null },
  { path: '/map', who: null },
  { path: '/', who: 'owner' },
  { path: '/bookings', who: 'owner' },
  { path: '/bookings-sitter', who: 'sitter' },
  { path: '/messages', who: 'owner' },
  { path: '/notifications', who: 'owner' },
  { path: '/profile', who: 'owner' },
  { path: '/profile', who: 'sitter' },
  { path: '/home-access', who: 'owner' },
] as const) {
  test(`${path}${who ? ` (${who})` : ''} makes no Intl object while it loads and hydrates`, async ({ page, visit }) => {
    if (who) await loginAs(page, who)
    await visit(path)
    await page.waitForLoadState('load')
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([])
  })
}

// A sitter's profile shows days ('Member since', a review's and its reply's) read on the server (decision 122).
for (const tab of ['', '?tab=reviews']) {
  test(`a sitter's profile${tab && ' (reviews)'} makes no Intl object while it loads and hydrates`, async ({ page, visit, db }) => {
    const sitter = await db.selectFrom('users').select('id').where('email', '=', demoUsers.sitter.email).executeTakeFirstOrThrow()
    await visit(`/sitters/${sitter.id}${tab}`)
    await page.waitForLoadState('load')
    await expect(page.getByText(/^Member since [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible()
    if (tab) await expect(page.getByText(/· [A-Z][a-z]+ \d{1,2}, \d{4}$/).first()).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([])
  })
}

// A booking page's times are in the booking's zone, read through the offsets the page brings (decision 121), and its
// history's moments are written out.
for (const who of ['owner', 'sitter'] as const) {
  test(`the ${who}'s booking pages, one of each status, make no Intl object while they load and hydrate`, async ({ page, visit, db }) => {
    const user = await db.selectFrom('users').select('id').where('email', '=', demoUsers[who].email).executeTakeFirstOrThrow()
    const bookings = await db
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where(who === 'owner' ? 'ownerId' : 'sitterId', '=', user.id)
      .orderBy('date', 'desc')
      .execute()
    const oneOfEach = [...new Map(bookings.map((booking) => [booking.status, booking])).values()]
    expect(oneOfEach.map((booking) => booking.status)).toEqual(expect.arrayContaining(['pending', 'accepted', 'completed']))
    await loginAs(page, who)
    for (const booking of oneOfEach) {
      await visit(`/bookings/${booking.id}`)
      await page.waitForLoadState('load')
      const history = page.getByRole('region', { name: 'History' })
      await expect(history.locator('time').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2,3}, \d{2}:\d{2}$/)
      expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), `a booking ${booking.status}`).toEqual([])
    }
  })
}

// A thread's partner panel says since when the partner is a member: a day read on the server (decision 122).
test("a conversation with its partner panel makes no Intl object while it loads and hydrates", async ({ page, visit, db }) => {
  const sitter = await db.selectFrom('users').select('id').where('email', '=', demoUsers.sitter.email).executeTakeFirstOrThrow()
  await loginAs(page, 'owner')
  await visit(`/messages/${sitter.id}`)
  await page.waitForLoadState('load')
  // At the phone's size the panel is folded away, rendered all the same.
  await expect(page.locator('dt:text-is("Member since") + dd').first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
  expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade)).toEqual([])
})

// The moderation console shows times in the admin's zone, read through the offsets its pages bring, and an account's
// first day read on the server.
test('the admin pages make no Intl object while they load and hydrate', async ({ page, visit, db }) => {
  const report = await db.selectFrom('reports').select(['id', 'reportedUserId']).where('state', '=', 'open').orderBy('createdAt').executeTakeFirstOrThrow()
  const admin = await registerUser(page, db, { prefix: 'admin', name: 'Ada Admin' })
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute()
  // 'Today, 09:12', 'Thu 26 Nov, 09:12' in this year, '26 Nov 2025, 09:12' in another.
  const shownTime = /^(Today|Yesterday|[A-Z][a-z]{2} \d{1,2} [A-Z][a-z]{2,3}|\d{1,2} [A-Z][a-z]{2,3} \d{4}), \d{2}:\d{2}$/
  for (const path of ['/admin', `/admin/reports/${report.id}`, `/admin/users/${report.reportedUserId}`, '/admin/audit']) {
    await visit(path)
    await page.waitForLoadState('load')
    await expect(page.getByRole('main').locator('time').filter({ hasText: shownTime }).first(), path).toBeAttached()
    if (path.startsWith('/admin/users/')) await expect(page.locator('dt:text-is("Member since") + dd')).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
    expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual([])
  }
})
