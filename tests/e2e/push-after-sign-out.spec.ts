import { insertDog, registerSitter, zurichDate } from './booking-helpers.ts'
import { expect, secondPerson, test, type TestDatabase } from './fixtures.ts'
import { type PushMessage, pushesOnForNewDevice, pushesTo, writeAs } from './push-helpers.ts'

// Decision 118: signing out puts the phone's push device to sleep, so the next person on a shared phone sees
// nothing of the account; the same person signing in again on that phone, through the form, wakes it. Before,
// signing out forgot the device and notifications stayed off, without a word, until the settings were opened.

/** Whether every subscriber has handled the sitter's notification of the booking's request (and so tried to push it). */
async function requestHandled(db: TestDatabase, bookingId: string) {
  const event = await db.selectFrom('domainEvents').select('id').where('type', '=', 'booking.requested').where('subjectId', '=', bookingId).executeTakeFirst()
  if (!event) return false
  const waiting = await db.selectFrom('eventDeliveries').select('subscriber').where('eventId', '=', event.id).where('deliveredAt', 'is', null).execute()
  return waiting.length === 0
}

test('a sitter who signs out gets no push on her phone, and signing in there again brings her pushes back', async ({ page, browser, db, visit }) => {
  test.slow() // two people, two browser contexts
  const sitter = await registerSitter(page, db, 'Sage Sitter')
  const device = await pushesOnForNewDevice(page)
  const owner = await secondPerson(browser, db, { prefix: 'owner', name: 'Olive Owner' })
  const dogId = await insertDog(db, owner.user.id, { name: 'Pepper' })
  const ask = async (days: number) => {
    const answer = await writeAs(owner.page, 'POST', '/api/bookings', { dogId, sitterId: sitter.id, date: zurichDate(days), startTime: '10:00', duration: 60 })
    expect(answer.status(), await answer.text()).toBe(201)
    return ((await answer.json()) as { id: string }).id
  }
  try {
    await visit('/profile')
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Logged out successfully' })).toBeVisible()

    const whileOut = await ask(3)
    await expect.poll(() => requestHandled(db, whileOut)).toBe(true)

    await page.getByLabel('Email', { exact: true }).fill(sitter.email)
    await page.getByLabel('Password', { exact: true }).fill(sitter.password)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await expect(page).not.toHaveURL(/\/login/)
    const afterwards = await ask(4)

    await expect.poll(() => pushesTo(device)).toHaveLength(1)
    const [push] = await pushesTo(device)
    expect((JSON.parse(push?.payload ?? '{}') as PushMessage).url).toBe(`/bookings/${afterwards}`)
  } finally {
    await owner.close()
  }
})
