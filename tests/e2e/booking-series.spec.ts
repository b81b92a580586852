import type { Locator, Page } from '@playwright/test'
import ICAL from 'ical.js'
import { dayName, insertDog, registerOwnerWithDog, registerSitterWithGoogle, signInAs, shortDayName, signOut, zurichDate } from './booking-helpers.ts'
import { expect, loginAs, type RegisteredUser, test, type TestDatabase } from './fixtures.ts'
import { fakeGoogleUrlVariable } from './global-setup.ts'
import { fakeUserFor } from '../fakes/google.ts'

// Weekly series (issue 33 part 1, decision 078): an owner asks a sitter for the same walk every Monday, Wednesday and
// Friday; the sitter sees the next eight weeks and accepts the series once; its dates become ordinary bookings in both
// lists, on the sitter's calendar and in the ICS feed (one weekly event); a moved and a skipped date are a change and
// a cancellation of their bookings, and Google Calendar keeps ONE recurring event with one override and one EXDATE.

const rates = { walkingCents: 2400, extraDogCents: 1000 }
/** A 30-minute walk for two dogs: half an hour of the base rate plus one further dog's. */
const twoDogWalk = `$${((rates.walkingCents + rates.extraDogCents) / 2 / 100).toFixed(2)}`

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title })
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true })
const proposeForm = (page: Page) => page.locator('details').filter({ has: page.locator('summary', { hasText: 'Propose a change' }) })
const changeRow = (section: Locator, label: string) => section.locator(`dt:text-is("${label}") + dd`)
const bookingFact = (page: Page, label: string) => page.getByRole('region', { name: /^(Booking with|Walking) / }).locator(`dt:text-is("${label}") + dd`)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** 'Thursday, December 3, 2026', as the booking and series pages name a day. */
const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

const isoWeekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** The instant of a clock time on a day in Zurich, from the zone's offset that day (Intl's own, not the app's). */
function zurichInstant(date: string, time: string) {
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${date}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')
    ?.value.replace('GMT', '')
  return new Date(`${date}T${time}:00${offset || 'Z'}`)
}

/** '2026-03-02 08:00': an instant as a Zurich date and clock time. */
function zurichClock(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`
}

/**
 * The series the journey asks for, computed from today in Zurich (the sitter's zone): from the next Monday at least two
 * days ahead, every Monday, Wednesday and Friday through the last day of the eight weeks starting today.
 */
function weeklyPlan() {
  const today = zurichDate(0)
  let firstDate = addDays(today, 2)
  while (isoWeekdayOf(firstDate) !== 1) firstDate = addDays(firstDate, 1)
  const lastDay = addDays(today, 8 * 7 - 1)
  const dates: string[] = []
  for (let date = firstDate; date <= lastDay; date = addDays(date, 1)) if ([1, 3, 5].includes(isoWeekdayOf(date))) dates.push(date)
  // The second week's Wednesday moves to its Thursday; its Friday is skipped.
  const moved = { from: addDays(firstDate, 9), to: addDays(firstDate, 10) }
  const skipped = addDays(firstDate, 11)
  return { firstDate, lastDay, dates, moved, skipped }
}

/** Walker Sam, Google linked, walking at $24 an hour plus $10 for each further dog, on weekdays from 07:00 to 12:00. */
async function walkerWithWeekdayMornings(page: Page, db: TestDatabase, visit: (path: string) => Promise<unknown>) {
  const sitter = await registerSitterWithGoogle(page, db, visit, 'Sam Walker')
  await db.updateTable('sitterProfiles').set({ acceptsMultipleDogs: 1 }).where('userId', '=', sitter.id).execute()
  await db.updateTable('sitterServices').set({ hourlyRateCents: rates.walkingCents, extraDogRateCents: rates.extraDogCents }).where('sitterId', '=', sitter.id).execute()
  await db
    .insertInto('sitterAvailability')
    .values([1, 2, 3, 4, 5].map((weekday) => ({ id: crypto.randomUUID(), sitterId: sitter.id, weekday, startTime: '07:00', endTime: '12:00' })))
    .execute()
  return sitter
}

/**
 * The signed-in owner asks `sitter` for half-hour walks at 08:00 on `weekdays` from `firstDate`, and the sitter accepts
 * the series on its page; the sitter is signed in after it.
 */
async function acceptedWeeklyWalks(page: Page, visit: (path: string) => Promise<unknown>, sitter: RegisteredUser, weekdays: readonly string[], firstDate: string) {
  await visit(`/bookings/series/new?sitter=${sitter.id}`)
  for (const day of weekdays) await page.getByRole('checkbox', { name: day, exact: true }).check()
  await page.getByLabel('Start time').selectOption('08:00')
  await page.getByRole('radio', { name: /^30 minutes/ }).check()
  await page.getByLabel('First date').fill(firstDate)
  await page.getByRole('button', { name: 'Request weekly care' }).click()
  await expect(page).toHaveURL(/\/bookings\/series\/[0-9a-f-]{36}$/)
  const seriesPath = new URL(page.url()).pathname
  await signOut(page)
  await signInAs(page, sitter)
  await visit(seriesPath)
  await page.getByRole('button', { name: 'Accept the series' }).click()
  await expect(toast(page, 'Weekly series accepted')).toBeVisible()
  return { seriesPath, seriesId: seriesPath.split('/').at(-1) ?? '' }
}

/** Signs a registered user in with Google once, which links their Google account with the calendar scope. */
async function linkGoogle(page: Page, db: TestDatabase, visit: (path: string) => Promise<unknown>, user: RegisteredUser) {
  await signOut(page)
  await page.route(
    (url) => url.pathname === '/api/auth/google' && !url.searchParams.has('login_hint'),
    async (route) => {
      const url = new URL(route.request().url())
      url.searchParams.set('login_hint', user.email)
      await route.fulfill({ status: 302, headers: { location: url.toString() } })
    },
  )
  await visit('/login')
  await page.getByRole('link', { name: 'Sign in with Google' }).click()
  await expect(page).not.toHaveURL(/\/(login|api\/auth)/)
  await page.unrouteAll()
  const linked = await db.selectFrom('oauthAccounts').select('scope').where('userId', '=', user.id).executeTakeFirstOrThrow()
  expect(linked.scope).toContain('calendar')
  return fakeUserFor(user.email).sub
}

/** Owner Olive with Rex and then Luna (a minute later, so the forms list Rex first), Google linked; signed in as her. */
async function ownerOfRexAndLuna(page: Page, db: TestDatabase, visit: (path: string) => Promise<unknown>) {
  const { owner } = await registerOwnerWithDog(page, db, { name: 'Rex' })
  const luna = await insertDog(db, owner.id, { name: 'Luna' })
  await db.updateTable('dogs').set({ createdAt: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', luna).execute()
  const googleSub = await linkGoogle(page, db, visit, owner)
  return { owner, googleSub }
}

/** The user's ICS feed (its link on /profile), with the starts ical.js expands its weekly event to, through `through`. */
async function feedOf(page: Page, visit: (path: string) => Promise<unknown>, through: string) {
  await visit('/profile')
  const link = await page.getByRole('textbox', { name: 'Your calendar link' }).inputValue()
  const response = await page.request.get(new URL(link).pathname)
  expect(response.status()).toBe(200)
  const calendar = ICAL.Component.fromString(await response.text())
  const vevents = calendar.getAllSubcomponents('vevent')
  const weekly = vevents.filter((vevent) => vevent.hasProperty('rrule'))
  expect(weekly, 'the feed holds one weekly event').toHaveLength(1)
  const [master] = weekly as [ICAL.Component]
  const event = new ICAL.Event(master, { exceptions: vevents.filter((vevent) => vevent !== master) })
  const starts: string[] = []
  const iterator = event.iterator()
  for (let next = iterator.next(); next && zurichClock(next.toJSDate()) <= `${through} 23:59`; next = iterator.next()) {
    starts.push(zurichClock(event.getOccurrenceDetails(next).startDate.toJSDate()))
  }
  return { rrule: String(master.getFirstPropertyValue('rrule')), starts: starts.sort() }
}

type FakeEvent = { id: string; owner: string; body: { recurrence?: string[]; start?: { dateTime?: string } } }
type FakeOverride = { recurringEventId: string; owner: string; originalStart: string; body: { start?: { dateTime?: string } } }

/** What the fake Google Calendar holds in one Google user's calendars: events and overrides of their occurrences. */
async function googleCalendarOf(googleSub: string) {
  const origin = process.env[fakeGoogleUrlVariable]
  if (!origin) throw new Error(`${fakeGoogleUrlVariable} is not set: run the e2e tests with \`npx playwright test\``)
  const { events, overrides } = (await (await fetch(`${origin}/__fake/events`)).json()) as { events: FakeEvent[]; overrides: FakeOverride[] }
  return { events: events.filter((event) => event.owner === googleSub), overrides: overrides.filter((override) => override.owner === googleSub) }
}

/** The calendar as the test expects it: one weekly event on Mon/Wed/Fri, the skipped Friday excepted, the Wednesday moved. */
function expectedGoogleCalendar(plan: ReturnType<typeof weeklyPlan>) {
  const compact = (instant: Date) => instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
  return {
    recurrence: ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR', `EXDATE;TZID=Europe/Zurich:${plan.skipped.replace(/-/g, '')}T080000`],
    override: { originalStart: compact(zurichInstant(plan.moved.from, '08:00')), start: `${plan.moved.to}T08:00` },
  }
}

async function googleCalendarSummary(googleSub: string) {
  const { events, overrides } = await googleCalendarOf(googleSub)
  return {
    recurrence: events.map((event) => event.body.recurrence),
    overrides: overrides.map((override) => ({ ofEvent: events.some((event) => event.id === override.recurringEventId), originalStart: override.originalStart, start: override.body.start?.dateTime?.slice(0, 16) })),
  }
}

test('an owner asks for Mon/Wed/Fri walks for two dogs; the sitter accepts once; eight weeks of bookings everywhere; one date moved, one skipped', async ({
  page,
  visit,
  db,
  jsEnabled,
}) => {
  test.setTimeout(150_000) // two people, each signing in with Google, and eight weeks of bookings read on many pages
  const plan = weeklyPlan()
  const count = plan.dates.length
  const sitter = await walkerWithWeekdayMornings(page, db, visit)
  const { owner, googleSub: ownerGoogleSub } = await ownerOfRexAndLuna(page, db, visit)

  // The owner asks once.
  await visit(`/bookings/series/new?sitter=${sitter.id}`)
  await expect(page.getByRole('heading', { name: 'Weekly care with Sam' })).toBeVisible()
  const dogs = page.getByRole('group', { name: 'Dogs' })
  await dogs.getByRole('checkbox', { name: /^Rex\b/ }).check()
  await dogs.getByRole('checkbox', { name: /^Luna\b/ }).check()
  await expect(page.getByRole('radio', { name: /^Dog Walking/ })).toBeChecked()
  for (const day of ['Mon', 'Wed', 'Fri']) await page.getByRole('checkbox', { name: day, exact: true }).check()
  await page.getByLabel('Start time').selectOption('08:00')
  await page.getByRole('radio', { name: /^30 minutes/ }).check()
  await page.getByLabel('First date').fill(plan.firstDate)
  await expect(page.getByLabel('Last date (optional)')).toHaveValue('')
  if (jsEnabled) await expect(page.locator('[aria-live="polite"]').filter({ hasText: 'Each visit' })).toContainText(twoDogWalk)
  await page.getByRole('button', { name: 'Request weekly care' }).click()

  await expect(page).toHaveURL(/\/bookings\/series\/[0-9a-f-]{36}$/)
  await expect(toast(page, 'Weekly request sent')).toBeVisible()
  const seriesId = page.url().split('/').at(-1) ?? ''
  await expect(page.getByRole('heading', { name: 'Weekly dog walking for Rex and Luna' })).toBeVisible()
  await expect(page.locator('[data-series-status]')).toHaveText('Waiting for an answer')
  const stored = await db.selectFrom('bookingSeries').select(['ownerId', 'sitterId', 'weekdays', 'slots', 'firstDate', 'endDate', 'status']).where('id', '=', seriesId).executeTakeFirstOrThrow()
  expect(stored).toEqual({ ownerId: owner.id, sitterId: sitter.id, weekdays: '1,3,5', slots: JSON.stringify([{ startTime: '08:00', endTime: '08:30' }]), firstDate: plan.firstDate, endDate: null, status: 'pending' })

  // The sitter finds it in 'Weekly', sees the next eight weeks and accepts the whole series once.
  await signOut(page)
  await signInAs(page, sitter)
  await visit('/bookings-sitter')
  const weeklyLink = region(page, 'Weekly').getByRole('link', { name: /Dog Walking for Rex and Luna/ })
  await expect(weeklyLink).toContainText('Needs your answer')
  await weeklyLink.click()
  await expect(page).toHaveURL(new RegExp(`/bookings/series/${seriesId}$`))
  const nextWeeks = region(page, 'The next eight weeks')
  await expect(nextWeeks).toContainText(`${count} of ${count} dates fit.`)
  await expect(nextWeeks.getByRole('listitem')).toHaveCount(count)
  await expect(page.getByRole('checkbox', { name: /^Add to Google Calendar/ })).toBeChecked()
  await page.getByRole('button', { name: 'Accept the series' }).click()

  await expect(toast(page, 'Weekly series accepted')).toBeVisible()
  await expect(page.locator('[data-series-status]')).toHaveText('Accepted')
  await expect(page.getByRole('button', { name: 'Accept the series' })).toHaveCount(0)
  await expect(region(page, 'Dates not booked')).toHaveCount(0)
  const seriesBookings = region(page, 'Bookings').getByRole('listitem')
  await expect(seriesBookings).toHaveText(plan.dates.map((date) => new RegExp(`^${escapeRegExp(longDay(date))}\\s*08:00\\s*Accepted$`)))
  const booked = await db.selectFrom('bookings').select(['date', 'status', 'priceCents']).where('seriesId', '=', seriesId).orderBy('date').execute()
  expect(booked).toEqual(plan.dates.map((date) => ({ date, status: 'accepted', priceCents: (rates.walkingCents + rates.extraDogCents) / 2 })))

  // Its dates are marked on the sitter's calendar, month by month, and no other day is.
  for (const month of [...new Set(plan.dates.map((date) => date.slice(0, 7)))]) {
    await visit(`/bookings-sitter?month=${month}`)
    const calendar = region(page, 'Calendar')
    const inMonth = plan.dates.filter((date) => date.startsWith(month))
    await expect(calendar.getByRole('link', { name: /, \d+ bookings?/ })).toHaveCount(inMonth.length)
    for (const date of inMonth) await expect(calendar.getByRole('link', { name: `${dayName(date)}, 1 booking`, exact: true })).toBeVisible()
  }
  // The sitter's Upcoming list shows the round by its next visit and how many follow; that link opens the series.
  const roundMore = `Weekly · ${count - 1} more`
  await visit('/bookings-sitter?tab=upcoming')
  const sitterCards = page.getByRole('article')
  await expect(sitterCards).toHaveCount(1)
  await expect(sitterCards).toContainText(`${shortDayName(plan.dates[0] ?? '')} · 08:00 - 08:30`)
  await sitterCards.getByRole('link', { name: roundMore }).click()
  await expect(page).toHaveURL(new RegExp(`/bookings/series/${seriesId}$`))
  await expect(region(page, 'Bookings').getByRole('link')).toHaveCount(count)

  // The feed has one weekly event that ical.js expands to the series' dates at 08:00.
  const sitterFeed = await feedOf(page, visit, plan.lastDay)
  expect(sitterFeed.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR')
  expect(sitterFeed.starts).toEqual(plan.dates.map((date) => `${date} 08:00`))

  // The owner's list shows the round the same way, and the series page links each of its bookings.
  await signOut(page)
  await signInAs(page, owner)
  await visit('/bookings')
  const ownerCards = page.getByRole('article')
  await expect(ownerCards).toHaveCount(1)
  await expect(ownerCards).toContainText(`${shortDayName(plan.dates[0] ?? '')} · 08:00 - 08:30`)
  await expect(ownerCards.getByRole('link', { name: roundMore })).toHaveAttribute('href', `/bookings/series/${seriesId}`)
  const ownerWeekly = region(page, 'Weekly').getByRole('link', { name: /Dog Walking for Rex and Luna/ })
  await expect(ownerWeekly).toContainText('Running')
  await ownerWeekly.click()
  await expect(page).toHaveURL(new RegExp(`/bookings/series/${seriesId}$`))
  await expect(region(page, 'Bookings').getByRole('link')).toHaveCount(count)
  await expect(page.locator('dt:text-is("Each visit") + dd')).toContainText(`${twoDogWalk} ($24/hour + $10/hour for each further dog, fixed for the whole series)`)

  // The owner skips one Friday: that booking is cancelled.
  await region(page, 'Bookings').getByRole('link', { name: new RegExp(`^${escapeRegExp(longDay(plan.skipped))}`) }).click()
  await expect(bookingFact(page, 'Date')).toHaveText(longDay(plan.skipped))
  await page.getByRole('link', { name: 'Cancel Booking' }).click()
  await page.getByRole('dialog', { name: 'Cancel Booking' }).getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Booking has been cancelled')).toBeVisible()
  await expect(page.locator('[data-status]').first()).toHaveText('Cancelled')

  // ... and proposes to move one Wednesday to the Thursday; both see the price.
  await visit(`/bookings/series/${seriesId}`)
  await region(page, 'Bookings').getByRole('link', { name: new RegExp(`^${escapeRegExp(longDay(plan.moved.from))}`) }).click()
  await expect(bookingFact(page, 'Date')).toHaveText(longDay(plan.moved.from))
  const form = proposeForm(page)
  await form.getByText('Propose a change', { exact: true }).click()
  await form.getByLabel('Date', { exact: true }).fill(plan.moved.to)
  await form.getByRole('button', { name: 'Send proposal' }).click()
  await expect(toast(page, 'Change proposed')).toBeVisible()
  const mine = page.getByRole('region', { name: 'Your proposed change' })
  await expect(changeRow(mine, 'Date')).toHaveText(new RegExp(`${escapeRegExp(longDay(plan.moved.from))}.*${escapeRegExp(longDay(plan.moved.to))}`))
  await expect(changeRow(mine, 'Price')).toHaveText(`${twoDogWalk} (unchanged)`)
  const movedBookingUrl = new URL(page.url()).pathname

  await signOut(page)
  await signInAs(page, sitter)
  await visit(movedBookingUrl)
  const theirs = page.getByRole('region', { name: 'Olive Owner proposes a change' })
  await expect(changeRow(theirs, 'Date')).toHaveText(new RegExp(`${escapeRegExp(longDay(plan.moved.from))}.*${escapeRegExp(longDay(plan.moved.to))}`))
  await expect(changeRow(theirs, 'Price')).toHaveText(`${twoDogWalk} (unchanged)`)
  await theirs.getByRole('button', { name: 'Accept change' }).click()
  await expect(toast(page, 'Change accepted')).toBeVisible()
  await expect(bookingFact(page, 'Date')).toHaveText(longDay(plan.moved.to))
  await expect(bookingFact(page, 'Time')).toContainText('08:00 - 08:30')

  // The series page reads the moved date and the skipped one.
  await page.getByRole('link', { name: 'See the whole series' }).click()
  const afterChanges = region(page, 'Bookings').getByRole('listitem')
  await expect(afterChanges).toHaveCount(count)
  await expect(afterChanges.filter({ hasText: longDay(plan.moved.to) })).toHaveText(new RegExp(`08:00 · moved from ${escapeRegExp(longDay(plan.moved.from))}\\s*Accepted$`))
  await expect(afterChanges.filter({ hasText: longDay(plan.skipped) })).toHaveText(/Cancelled$/)

  // The feed: the Thursday instead of the Wednesday, no Friday.
  const changedFeed = await feedOf(page, visit, plan.lastDay)
  const expectedStarts = plan.dates.filter((date) => date !== plan.skipped).map((date) => `${date === plan.moved.from ? plan.moved.to : date} 08:00`)
  expect(changedFeed.starts).toEqual(expectedStarts.sort())

  // Google Calendar: one recurring event in each party's calendar, with one override (the move) and one EXDATE (the skip).
  const { recurrence, override } = expectedGoogleCalendar(plan)
  for (const googleSub of [sitter.googleSub, ownerGoogleSub]) {
    await expect.poll(() => googleCalendarSummary(googleSub), { timeout: 15_000 }).toEqual({ recurrence: [recurrence], overrides: [{ ofEvent: true, ...override }] })
  }
})

test('@desktop a weekly request without a weekday is refused with the reason and keeps what was chosen', async ({ page, visit, db }) => {
  const sitter = await walkerWithWeekdayMornings(page, db, visit)
  const { owner } = await registerOwnerWithDog(page, db, { name: 'Rex' })
  const firstDate = weeklyPlan().firstDate

  await visit(`/bookings/series/new?sitter=${sitter.id}`)
  await page.getByLabel('Start time').selectOption('08:00')
  await page.getByRole('radio', { name: /^30 minutes/ }).check()
  await page.getByLabel('First date').fill(firstDate)
  await page.getByRole('button', { name: 'Request weekly care' }).click()

  await expect(page.getByRole('group', { name: 'Weekdays' })).toHaveAccessibleDescription('Please choose at least one weekday')
  await expect(page.getByLabel('Start time')).toHaveValue('08:00')
  await expect(page.getByRole('radio', { name: /^30 minutes/ })).toBeChecked()
  await expect(page.getByLabel('First date')).toHaveValue(firstDate)
  const requests = await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', owner.id).execute()
  expect(requests).toEqual([])
})

test('the same weekly request sent again while the first waits is refused with the reason, keeps what was chosen and stores nothing more', async ({ page, visit, db }) => {
  const sitter = await walkerWithWeekdayMornings(page, db, visit)
  const { owner } = await registerOwnerWithDog(page, db, { name: 'Rex' })
  const firstDate = weeklyPlan().firstDate
  const ask = async () => {
    await visit(`/bookings/series/new?sitter=${sitter.id}`)
    await page.getByRole('checkbox', { name: 'Tue', exact: true }).check()
    await page.getByLabel('Start time').selectOption('08:00')
    await page.getByRole('radio', { name: /^30 minutes/ }).check()
    await page.getByLabel('First date').fill(firstDate)
    await page.getByRole('button', { name: 'Request weekly care' }).click()
  }

  await ask()
  await expect(toast(page, 'Weekly request sent')).toBeVisible()
  await ask()

  await expect(page.getByText('You have already asked for this weekly care. The request is waiting for an answer.').first()).toBeVisible()
  await expect(page.getByRole('checkbox', { name: 'Tue', exact: true })).toBeChecked()
  await expect(page.getByLabel('First date')).toHaveValue(firstDate)
  expect(await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', owner.id).execute()).toHaveLength(1)
})

test('choosing another service shows its times and keeps what was chosen (with JavaScript at once, without it by "Show the times for this service", which JavaScript hides)', async ({ page, visit, db, jsEnabled }) => {
  const sitter = await walkerWithWeekdayMornings(page, db, visit)
  await db.insertInto('sitterServices').values({ sitterId: sitter.id, service: 'sitting', hourlyRateCents: 3000 }).execute()
  await registerOwnerWithDog(page, db, { name: 'Rex' })

  await visit(`/bookings/series/new?sitter=${sitter.id}`)
  await expect(page.getByLabel('Start time')).toBeVisible()
  // With JavaScript the button is not needed, so it is neither shown nor in the tab order.
  if (jsEnabled) await expect(page.getByRole('button', { name: 'Show the times for this service' })).toBeHidden()
  await page.getByRole('checkbox', { name: 'Mon', exact: true }).check()
  await page.getByRole('radio', { name: /^Dog Sitting/ }).check()
  if (!jsEnabled) await page.getByRole('button', { name: 'Show the times for this service' }).click()

  await expect(page.getByRole('radio', { name: /^Morning/ })).toBeVisible()
  await expect(page.getByLabel('Start time')).toBeHidden()
  await expect(page.getByRole('radio', { name: /^Dog Sitting/ })).toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Mon', exact: true })).toBeChecked()
})

test('@desktop a weekly request that expired unanswered says so on its page, to the owner and the sitter', async ({ page, visit, db }) => {
  const sitter = await walkerWithWeekdayMornings(page, db, visit)
  await registerOwnerWithDog(page, db, { name: 'Rex' })
  const firstDate = weeklyPlan().firstDate
  await visit(`/bookings/series/new?sitter=${sitter.id}`)
  await page.getByRole('checkbox', { name: 'Mon', exact: true }).check()
  await page.getByLabel('Start time').selectOption('08:00')
  await page.getByRole('radio', { name: /^30 minutes/ }).check()
  await page.getByLabel('First date').fill(firstDate)
  await page.getByLabel('Last date (optional)').fill(firstDate)
  await page.getByRole('button', { name: 'Request weekly care' }).click()
  await expect(page).toHaveURL(/\/bookings\/series\/[0-9a-f-]{36}$/)
  const seriesPath = new URL(page.url()).pathname
  // As the sweep leaves a request whose last date passed before the sitter answered (tested in booking-series.test.ts).
  const expiredAt = new Date().toISOString()
  await db.updateTable('bookingSeries').set({ status: 'cancelled', expiredAt, updatedAt: expiredAt }).where('id', '=', seriesPath.split('/').at(-1) ?? '').execute()

  await visit(seriesPath)
  await expect(page.locator('[data-series-status]')).toHaveText('Expired')
  await expect(page.getByText('This request expired: its last date passed before it was answered.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel this request' })).toHaveCount(0)

  await signOut(page)
  await signInAs(page, sitter)
  await visit(seriesPath)
  await expect(page.locator('[data-series-status]')).toHaveText('Expired')
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0)
})

test("ending a series inside the sitter's strict terms names the bookings it would cancel late, and counts them to the owner", async ({ page, visit, db }) => {
  const sitter = await walkerWithWeekdayMornings(page, db, visit)
  await db.updateTable('sitterProfiles').set({ cancellationTerms: 'strict' }).where('userId', '=', sitter.id).execute()
  // Weekends too, so that tomorrow's walk is booked whatever today is: it starts within 32 hours, inside the 72 hours.
  await db
    .insertInto('sitterAvailability')
    .values([6, 7].map((weekday) => ({ id: crypto.randomUUID(), sitterId: sitter.id, weekday, startTime: '07:00', endTime: '12:00' })))
    .execute()
  const { owner } = await registerOwnerWithDog(page, db, { name: 'Rex' })
  const tomorrow = zurichDate(1)
  const { seriesPath, seriesId } = await acceptedWeeklyWalks(page, visit, sitter, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], tomorrow)

  await signOut(page)
  await signInAs(page, owner)
  await visit(seriesPath)
  // Strict terms: late from 72 hours before the start. Tomorrow's walk is the first booked, and late.
  const lateAt = (now: number) => (row: { startsAt: string }) => Date.parse(row.startsAt) - 72 * 3_600_000 < now
  const booked = await db.selectFrom('bookings').select(['id', 'date', 'startsAt']).where('seriesId', '=', seriesId).orderBy('date').execute()
  const firstLate = booked.filter(lateAt(Date.now()))[0]
  expect(firstLate?.date).toBe(tomorrow)
  const lateDay = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${firstLate?.date}T00:00:00Z`))
  await expect(page.getByText(/is now late under the cancellation terms/)).toContainText(`on ${lateDay}`)

  await page.getByRole('button', { name: 'End the series' }).click()
  await expect(toast(page, 'Weekly series ended')).toBeVisible()
  const { updatedAt: endedAt } = await db.selectFrom('bookingSeries').select('updatedAt').where('id', '=', seriesId).executeTakeFirstOrThrow()
  const counted = await db.selectFrom('bookings').select(['id', 'lateCancellationBy']).where('seriesId', '=', seriesId).where('lateCancellationBy', 'is not', null).orderBy('date').execute()
  expect(counted).toEqual(booked.filter(lateAt(Date.parse(endedAt))).map(({ id }) => ({ id, lateCancellationBy: 'owner' })))
  await visit(`/bookings/${firstLate?.id}`)
  await expect(page.getByText('Cancelled late by the owner')).toBeVisible()
})

test("@desktop the owner's Upcoming tab shows a weekly round by its next visit; its link opens the series, and a skipped visit gives way to the next", async ({ page, visit, db }) => {
  const sitter = await walkerWithWeekdayMornings(page, db, visit)
  const { owner } = await registerOwnerWithDog(page, db, { name: 'Rex' })
  const plan = weeklyPlan()
  const { seriesPath, seriesId } = await acceptedWeeklyWalks(page, visit, sitter, ['Mon', 'Wed', 'Fri'], plan.firstDate)
  const booked = await db.selectFrom('bookings').select(['id', 'date']).where('seriesId', '=', seriesId).orderBy('date').execute()
  expect(booked.map((row) => row.date)).toEqual(plan.dates)

  await signOut(page)
  await signInAs(page, owner)
  await visit('/bookings')
  const cards = page.getByRole('article')
  await expect(cards).toHaveCount(1)
  await expect(cards).toContainText(`${shortDayName(plan.dates[0] ?? '')} · 08:00 - 08:30`)
  await cards.getByRole('link', { name: `Weekly · ${plan.dates.length - 1} more` }).click()
  await expect(page).toHaveURL(new RegExp(`${seriesPath}$`))
  await expect(region(page, 'Bookings').getByRole('link')).toHaveCount(plan.dates.length)

  // The first visit skipped: the second stands for the round, one fewer follows it.
  await visit(`/bookings/${booked[0]?.id}`)
  await page.getByRole('link', { name: 'Cancel Booking' }).click()
  await page.getByRole('dialog', { name: 'Cancel Booking' }).getByRole('button', { name: 'Confirm' }).click()
  await expect(page.getByText('Booking has been cancelled')).toBeVisible()
  await visit('/bookings')
  await expect(cards).toHaveCount(1)
  await expect(cards).toContainText(`${shortDayName(plan.dates[1] ?? '')} · 08:00 - 08:30`)
  await expect(cards.getByRole('link', { name: `Weekly · ${plan.dates.length - 2} more` })).toHaveAttribute('href', seriesPath)
})

test("the demo owner's 'How did it go?' names her weekly round once, by its latest walk still to review, and leads to its review", async ({ page, visit, db }) => {
  const olivia = await db.selectFrom('users').select('id').where('email', '=', 'owner@pawpal.test').executeTakeFirstOrThrow()
  const round = await db.selectFrom('bookingSeries').select('id').where('ownerId', '=', olivia.id).where('status', '=', 'accepted').executeTakeFirstOrThrow()
  const walked = await db
    .selectFrom('bookings')
    .select('id')
    .where('seriesId', '=', round.id)
    .where('status', '=', 'completed')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('reviews').select('id').whereRef('reviews.bookingId', '=', 'bookings.id'))))
    .orderBy('startsAt', 'desc')
    .execute()
  expect(walked.length).toBeGreaterThan(1)
  const latest = `/bookings/${walked[0]?.id}#review`

  await loginAs(page, 'owner')
  await visit('/bookings')
  const prompt = page.getByRole('region', { name: 'How did it go?' })
  await expect(prompt.getByRole('link', { name: /^Write a review/ }).first()).toBeVisible()
  const reviewLinks = await prompt.getByRole('link', { name: /^Write a review/ }).evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(reviewLinks.filter((link) => walked.some((walk) => link === `/bookings/${walk.id}#review`))).toEqual([latest])

  await prompt.locator(`a[href="${latest}"]`).click()
  await expect(page).toHaveURL(new RegExp(`/bookings/${walked[0]?.id}#review$`))
  await expect(page.getByRole('button', { name: 'Post Review' })).toBeVisible()
})
