import { chooseWalk, pickDate, registerOwnerWithDog, registerSitter, showFreeTimes, signOut, zurichDate } from './booking-helpers.ts'
import { expect, signInAs, test } from './fixtures.ts'
import { type PushMessage, pushesOnForNewDevice, pushesTo } from './push-helpers.ts'
import { openForPushes, shownNotifications } from './service-worker-helpers.ts'

// Web Push end to end (issue 20): a sitter with no page of Pawpal open gets a push on their phone for a new
// request, and it opens the booking. Headless Chromium cannot subscribe to a real push service, so the sitter's
// device is the fake push service's (tests/fakes/push-service.ts, where the e2e server sends its pushes): it is
// subscribed through the real API, receives the server's push and decrypts it (RFC 8291) as a browser would;
// its plaintext is then handed to the service worker of a sitter's page through DevTools, as the browser hands
// a push to it. The worker is registered by the client bundle: JS-off runs skip this.

test.use({ serviceWorkers: 'allow' })
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'the service worker that shows a push is registered by the client bundle')

test('@desktop a sitter with no page open gets a push for a new request, and it opens the booking', async ({ page, browser, db, visit, jsEnabled }) => {
  test.slow() // two people, two browser contexts and the service worker
  // The sitter turns notifications on for a device, with quiet hours off so the hour of the run does not matter;
  // then signs out: no page of Pawpal is open for them when the request comes.
  const sitter = await registerSitter(page, db, 'Sasha Sitter')
  const device = await pushesOnForNewDevice(page)
  await signOut(page)

  // The owner, who lives at an exact address, requests a walk through the form.
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  await db.updateTable('users').set({ location: 'Langstrasse 100, Zürich', latitude: 47.3782, longitude: 8.5278, publicLocation: 'Kreis 4, Zürich' }).where('id', '=', owner.id).execute()
  await visit(`/sitters/${sitter.id}/book`)
  await page.getByRole('radio', { name: /Pepper/ }).check()
  await pickDate(page, zurichDate(3))
  await showFreeTimes(page, jsEnabled)
  await chooseWalk(page, '10:00', 60)
  await page.getByRole('button', { name: 'Request Booking' }).click()
  await expect(page.getByText('Booking requested')).toBeVisible()
  const booking = await db.selectFrom('bookings').select(['id', 'sitterId', 'status']).where('dogId', '=', dogId).executeTakeFirstOrThrow()
  expect(booking).toMatchObject({ sitterId: sitter.id, status: 'pending' })
  await expect(page).toHaveURL(new RegExp(`/bookings/${booking.id}$`))

  // The device gets one push; decrypted, it names the owner and the dog, no address, and links the booking.
  await expect.poll(() => pushesTo(device)).toHaveLength(1)
  const [push] = await pushesTo(device)
  expect(push?.ttl).toBeGreaterThan(0)
  const message = JSON.parse(push?.payload ?? '{}') as PushMessage
  expect(message).toEqual({ title: 'Pawpal', body: expect.stringMatching(/^Olive Owner requested a walk for Pepper on .+, 10:00$/), url: `/bookings/${booking.id}`, tag: `booking-${booking.id}` })
  for (const place of ['Langstrasse', 'Kreis 4', '47.37', '8.52']) expect(push?.payload).not.toContain(place)
  await expect
    .poll(() => db.selectFrom('notificationDeliveries').innerJoin('notifications', 'notifications.id', 'notificationDeliveries.notificationId').select(['channel', 'status']).where('userId', '=', sitter.id).execute())
    .toEqual([{ channel: 'push', status: 'delivered' }])

  // The sitter's phone: the push reaches the service worker of a fresh page, which shows its notification.
  const { baseURL, viewport, isMobile, hasTouch, userAgent } = test.info().project.use
  const phone = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, userAgent, serviceWorkers: 'allow' })
  try {
    await phone.grantPermissions(['notifications'], { origin: baseURL })
    const sitterPage = await phone.newPage()
    await signInAs(sitterPage, sitter)
    const deliverPush = await openForPushes(sitterPage, '/support')
    await deliverPush(push?.payload ?? '')
    expect(await shownNotifications(sitterPage)).toEqual([{ title: 'Pawpal', body: message.body, tag: `booking-${booking.id}`, url: `/bookings/${booking.id}` }])

    // Its click: DevTools cannot click a notification (the ServiceWorker domain delivers pushes and sync events
    // only), and a `notificationclick` dispatched by script in the worker is untrusted, so its `waitUntil`
    // throws and `clients.openWindow` lacks the click's activation. The worker opens the url the notification
    // carries (public/sw.js); opened, that url shows the booking to the signed-in sitter.
    const [notification] = await shownNotifications(sitterPage)
    await sitterPage.goto(notification?.url ?? '')
    await expect(sitterPage).toHaveURL(new RegExp(`/bookings/${booking.id}$`))
    await expect(sitterPage.getByRole('heading', { name: 'Walking Pepper' })).toBeVisible()
    await expect(sitterPage.getByRole('definition').getByText('Olive Owner')).toBeVisible()
  } finally {
    await phone.close()
  }
  expect(await pushesTo(device), 'the request was pushed once').toHaveLength(1)
})
