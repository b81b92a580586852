import type { Locator, Page } from '@playwright/test'
import { insertBooking, registerOwnerWithDog, registerSitter, signInAs, signOut, zurichDate } from './booking-helpers.ts'
import { expect, test, type TestDatabase } from './fixtures.ts'

// Changes both sides agree to (issue 33 part 2, decision 076): either party of a booking that has not begun proposes
// a new date, time, dogs or notes under 'Propose a change' on its page; the other sees the booking before and after,
// the price either way, and accepts or declines; the page keeps the booking's history. A change the sitter's schedule
// does not allow comes back with the reason and everything typed.

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title })
const proposeForm = (page: Page) => page.locator('details').filter({ has: page.locator('summary', { hasText: 'Propose a change' }) })
const bookingFact = (page: Page, label: string) => page.getByRole('region', { name: /^(Booking with|Walking) / }).locator(`dt:text-is("${label}") + dd`)
const changeRow = (section: Locator, label: string) => section.locator(`dt:text-is("${label}") + dd`)
const historyEntries = (page: Page) => page.getByRole('region', { name: 'History' }).getByRole('listitem')

/** 'Thursday, December 3, 2026', as the booking pages and their messages name a day. */
const longDay = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

/**
 * Walker Sam (walking at $24 an hour) and owner Olive with Rex, and their accepted 10:00 - 11:00 walk three days ahead,
 * requested a day before it was accepted. Leaves the page signed in as Olive.
 */
async function acceptedWalk(page: Page, db: TestDatabase) {
  const sitter = await registerSitter(page, db, 'Sam Walker', 2400)
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Rex' })
  const date = zurichDate(3)
  const bookingId = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', date })
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString()
  await db.updateTable('bookingStatusHistory').set({ changedAt: dayAgo }).where('bookingId', '=', bookingId).where('toStatus', '=', 'pending').execute()
  return { sitter, owner, bookingId, date }
}

const slotsOf = (db: TestDatabase, bookingId: string) =>
  db.selectFrom('bookingTimeSlots').select(['startTime', 'endTime']).where('bookingId', '=', bookingId).orderBy('position').execute()

const bookingRow = (db: TestDatabase, bookingId: string) =>
  db.selectFrom('bookings').select(['date', 'priceCents', 'status', 'startsAt', 'notes']).where('id', '=', bookingId).executeTakeFirstOrThrow()

const proposalsOf = (db: TestDatabase, bookingId: string) =>
  db.selectFrom('bookingProposals').select(['status', 'proposedById', 'answeredById']).where('bookingId', '=', bookingId).execute()

test('the owner proposes a later, shorter walk; the sitter sees both prices and accepts; the booking reads as proposed', async ({ page, visit, db }) => {
  test.slow() // two people, each registering and signing in
  const { sitter, owner, bookingId } = await acceptedWalk(page, db)

  await visit(`/bookings/${bookingId}`)
  await expect(bookingFact(page, 'Time')).toContainText('10:00 - 11:00')
  const form = proposeForm(page)
  await form.getByText('Propose a change', { exact: true }).click()
  await form.getByLabel('New start time (empty keeps the booked time)').fill('12:00')
  await form.getByRole('radio', { name: '30 minutes' }).check()
  await form.getByRole('button', { name: 'Send proposal' }).click()

  await expect(toast(page, 'Change proposed')).toBeVisible()
  const mine = page.getByRole('region', { name: 'Your proposed change' })
  await expect(changeRow(mine, 'Time')).toHaveText(/10:00 - 11:00.*12:00 - 12:30/)
  await expect(changeRow(mine, 'Price')).toHaveText(/\$24\.00.*\$12\.00/)
  await expect(mine.getByRole('button', { name: 'Withdraw change' })).toBeVisible()
  await expect(proposeForm(page)).toHaveCount(0)
  // Nothing changes until Sam answers.
  await expect(bookingFact(page, 'Time')).toContainText('10:00 - 11:00')
  expect(await slotsOf(db, bookingId)).toEqual([{ startTime: '10:00', endTime: '11:00' }])
  expect(await proposalsOf(db, bookingId)).toEqual([{ status: 'pending', proposedById: owner.id, answeredById: null }])

  await signOut(page)
  await signInAs(page, sitter)
  await visit(`/bookings/${bookingId}`)
  const theirs = page.getByRole('region', { name: 'Olive Owner proposes a change' })
  await expect(changeRow(theirs, 'Time')).toHaveText(/10:00 - 11:00.*12:00 - 12:30/)
  await expect(changeRow(theirs, 'Price')).toHaveText(/\$24\.00.*\$12\.00/)
  await expect(theirs.getByRole('button', { name: 'Withdraw change' })).toHaveCount(0)
  await theirs.getByRole('button', { name: 'Accept change' }).click()

  await expect(toast(page, 'Change accepted')).toBeVisible()
  await expect(bookingFact(page, 'Time')).toContainText('12:00 - 12:30')
  await expect(bookingFact(page, 'Price')).toContainText('$12.00')
  await expect(page.getByRole('region', { name: /proposes a change$/ })).toHaveCount(0)
  await expect(historyEntries(page)).toHaveText([
    /^Requested by Olive Owner/,
    /^Accepted by Sam Walker/,
    /^Change proposed by Olive Owner/,
    /^Change accepted by Sam Walker/,
  ])
  expect(await slotsOf(db, bookingId)).toEqual([{ startTime: '12:00', endTime: '12:30' }])
  expect(await bookingRow(db, bookingId)).toMatchObject({ priceCents: 1200, status: 'accepted' })
  expect(await proposalsOf(db, bookingId)).toEqual([{ status: 'accepted', proposedById: owner.id, answeredById: sitter.id }])
})

test('the sitter proposes another day; the owner declines it and the booking stays as it was', async ({ page, visit, db }) => {
  test.slow() // two people, each registering and signing in
  const { sitter, owner, bookingId, date } = await acceptedWalk(page, db)
  const before = { booking: await bookingRow(db, bookingId), slots: await slotsOf(db, bookingId) }
  const otherDay = zurichDate(5)

  await signOut(page)
  await signInAs(page, sitter)
  await visit(`/bookings/${bookingId}`)
  const form = proposeForm(page)
  await form.getByText('Propose a change', { exact: true }).click()
  await form.getByLabel('Date', { exact: true }).fill(otherDay)
  await form.getByRole('button', { name: 'Send proposal' }).click()
  await expect(toast(page, 'Change proposed')).toBeVisible()
  await expect(changeRow(page.getByRole('region', { name: 'Your proposed change' }), 'Date')).toHaveText(new RegExp(`${longDay(date)}.*${longDay(otherDay)}`))

  await signOut(page)
  await signInAs(page, owner)
  await visit(`/bookings/${bookingId}`)
  const theirs = page.getByRole('region', { name: 'Sam Walker proposes a change' })
  await expect(changeRow(theirs, 'Date')).toHaveText(new RegExp(`${longDay(date)}.*${longDay(otherDay)}`))
  // The same walk on another day costs the same.
  await expect(changeRow(theirs, 'Price')).toHaveText('$24.00 (unchanged)')
  await theirs.getByRole('button', { name: 'Decline' }).click()

  await expect(toast(page, 'Change declined')).toBeVisible()
  await expect(page.getByRole('region', { name: /proposes a change$/ })).toHaveCount(0)
  await expect(bookingFact(page, 'Date')).toHaveText(longDay(date))
  await expect(bookingFact(page, 'Time')).toContainText('10:00 - 11:00')
  await expect(historyEntries(page).last()).toHaveText(/^Change declined by Olive Owner/)
  // Either of them may propose again.
  await expect(proposeForm(page)).toBeVisible()
  expect(await bookingRow(db, bookingId)).toEqual(before.booking)
  expect(await slotsOf(db, bookingId)).toEqual(before.slots)
  expect(await proposalsOf(db, bookingId)).toEqual([{ status: 'declined', proposedById: sitter.id, answeredById: owner.id }])
})

test('a change to a day the sitter blocked is refused with the reason and keeps what was typed', async ({ page, visit, db }) => {
  const { sitter, bookingId } = await acceptedWalk(page, db)
  const blockedDay = zurichDate(4)
  await db.insertInto('sitterBlockedDates').values({ sitterId: sitter.id, date: blockedDay }).execute()
  const notes = 'Rex is shy of bikes: the river path, please.'

  await visit(`/bookings/${bookingId}`)
  const form = proposeForm(page)
  await form.getByText('Propose a change', { exact: true }).click()
  await form.getByLabel('Date', { exact: true }).fill(blockedDay)
  await form.getByLabel('Notes', { exact: true }).fill(notes)
  await form.getByRole('button', { name: 'Send proposal' }).click()

  const refusal = `Sam is not available on ${longDay(blockedDay)}.`
  await expect(form.getByLabel('Date', { exact: true })).toHaveAccessibleDescription(refusal)
  await expect(form.getByLabel('Date', { exact: true })).toHaveValue(blockedDay)
  await expect(form.getByLabel('Notes', { exact: true })).toHaveValue(notes)
  await expect(form.getByRole('button', { name: 'Send proposal' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Your proposed change' })).toHaveCount(0)
  expect(await proposalsOf(db, bookingId)).toEqual([])
})
