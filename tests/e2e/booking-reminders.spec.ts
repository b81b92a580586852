import { insertBooking, insertDog, registerSitter } from './booking-helpers.ts'
import { expect, secondPerson, test } from './fixtures.ts'
import { type PushMessage, pushesOnForNewDevice, pushesTo } from './push-helpers.ts'

// The reminder an hour before an accepted booking (issue 20): the server's booking sweep (every second on the
// e2e server, BOOKING_SWEEP_SECONDS) finds a booking that starts within the hour and reminds both parties, by
// push (the fake push service's devices, tests/e2e/push-helpers.ts) and in their notification centre.

/** A half-hour slot starting in about half an hour, as the day and clock times of Zurich (the booking's zone). */
function slotStartingSoon() {
  const start = new Date(Date.now() + 30 * 60_000)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(start)
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>
  const startMinutes = Number(parts.hour) * 60 + Number(parts.minute)
  const endMinutes = Math.min(startMinutes + 30, 24 * 60) // a slot ends at 24:00 at the latest
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return { date: `${parts.year}-${parts.month}-${parts.day}`, slot: { startTime: clock(startMinutes), endTime: clock(endMinutes) } }
}

test('both parties of an accepted booking that starts within the hour get a reminder by push and in their notifications', async ({ page, browser, db }) => {
  const sitter = await registerSitter(page, db, 'Rita Walker')
  const sitterDevice = await pushesOnForNewDevice(page)
  const owner = await secondPerson(browser, db, { prefix: 'reminded', name: 'Otto Owner' })
  const ownerDevice = await pushesOnForNewDevice(owner.page)
  const dogId = await insertDog(db, owner.user.id, { name: 'Biscuit' })

  const { date, slot } = slotStartingSoon()
  const bookingId = await insertBooking(db, { dogId, ownerId: owner.user.id, sitterId: sitter.id }, { status: 'accepted', date, slot })

  const reminderTo = (other: string) => ({
    title: 'Pawpal',
    body: expect.stringMatching(new RegExp(`^Starting in an hour: a walk for Biscuit on .+, ${slot.startTime} with ${other}$`)),
    url: `/bookings/${bookingId}`,
    tag: expect.any(String),
  })
  for (const [device, other] of [
    [sitterDevice, 'Otto Owner'],
    [ownerDevice, 'Rita Walker'],
  ] as const) {
    await expect.poll(() => pushesTo(device)).toHaveLength(1)
    const [push] = await pushesTo(device)
    expect(push?.ttl).toBeGreaterThan(0)
    expect(JSON.parse(push?.payload ?? '{}') as PushMessage).toEqual(reminderTo(other))
  }

  for (const [reader, other] of [
    [page, 'Otto Owner'],
    [owner.page, 'Rita Walker'],
  ] as const) {
    await reader.goto('/notifications')
    const entries = reader.getByRole('list', { name: 'Notifications' }).getByRole('button')
    await expect(entries).toHaveCount(1)
    await expect(entries).toHaveAccessibleName(new RegExp(`Starting in an hour: a walk for Biscuit on .+, ${slot.startTime} with ${other}`))
  }
  const recorded = await db.selectFrom('notifications').select(['userId', 'type', 'kind']).where('href', '=', `/bookings/${bookingId}`).execute()
  expect(recorded).toEqual(
    expect.arrayContaining([sitter.id, owner.user.id].map((userId) => ({ userId, type: 'booking.reminder', kind: 'reminders' }))),
  )
  expect(recorded).toHaveLength(2)

  // Later sweeps found the booking too: it was reminded once.
  expect(await pushesTo(sitterDevice)).toHaveLength(1)
  expect(await pushesTo(ownerDevice)).toHaveLength(1)
  await owner.close()
})
