import { beforeAll, describe, expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { insertBooking, insertConversation, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'
import { signedIn, visitAs } from './page-visits.ts'

// Names stored before names refused format characters (decision 061), and messages, which keep them, can
// hold a bidi override. Every page shows such text inside <bdi>, so the override cannot reorder what
// follows it on screen ('Eve[RLO]gnp.exe is waiting' must not read as 'Eve si gnitiaw exe.png').

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const override = '\u202e'
const sitterName = `Eve${override}gnp.exe Sitter`
/** What every page shows of the sitter, the first name included. */
const sitterShown = `Eve${override}gnp.exe`
const ownerName = `Olivia${override}reppiks Owner`
const ownerShown = `Olivia${override}reppiks`
const messageBody = `See you at 8 ${override}!olleh and thanks`

/**
 * Where `text` appears in what a reader sees of the page (the body before its scripts, attributes left
 * out): how often inside a <bdi>, and whether anywhere outside one.
 */
async function placesOf(response: Response, text: string) {
  expect(response.status).toBe(200)
  const html = await response.text()
  const body = (html.split('<body')[1] ?? '').split('<script')[0]!.replaceAll('<!-- -->', '').replace(/<([a-z][a-z0-9-]*)\b[^>]*>/g, '<$1>')
  const bdis = [...body.matchAll(/<bdi>([\s\S]*?)<\/bdi>/g)].map(([, inner]) => inner ?? '')
  return { inBdi: bdis.filter((inner) => inner.includes(text)).length, outsideBdi: body.replace(/<bdi>[\s\S]*?<\/bdi>/g, '').includes(text) }
}

async function scene() {
  const sitterUser = await insertSitter({
    name: sitterName,
    services: [{ service: 'walking', hourlyRateCents: 2000 }],
    shown: { location: 'Altstadt, Zürich', latitude: 47.3769, longitude: 8.5417 },
  })
  const ownerUser = await insertUser({ name: ownerName })
  const dogId = await insertDog(ownerUser.id, { name: 'Rex' })
  const bookingId = await insertBooking({ dogId, ownerId: ownerUser.id, sitterId: sitterUser.id }, { date: localDateFromToday(5) })
  await insertConversation(ownerUser.id, sitterUser.id, [
    { from: sitterUser.id, at: '2026-01-10T08:00:00.000Z', content: 'Hello Olivia' },
    { from: ownerUser.id, at: '2026-01-10T09:00:00.000Z', content: messageBody },
  ])
  return { sitter: await signedIn(sitterUser), owner: await signedIn(ownerUser), bookingId }
}

describe('a name with a bidi override', () => {
  test('is shown only inside <bdi> on the sitter list and the sitter profile', async () => {
    const { sitter } = await scene()
    for (const path of ['/sitters', `/sitters/${sitter.id}`]) {
      const places = await placesOf(await appRequest(path), sitterShown)
      expect({ path, outsideBdi: places.outsideBdi }).toEqual({ path, outsideBdi: false })
      expect(places.inBdi).toBeGreaterThan(0)
    }
  })

  test('is shown only inside <bdi> in the conversation list and the thread', async () => {
    const { sitter, owner } = await scene()
    for (const path of [`/messages?userId=${sitter.id}`, `/messages/${sitter.id}`]) {
      const places = await placesOf(await visitAs(owner, path), sitterShown)
      expect({ path, outsideBdi: places.outsideBdi }).toEqual({ path, outsideBdi: false })
      expect(places.inBdi).toBeGreaterThan(0)
    }
  })

  test('is shown only inside <bdi> on the booking page, to the owner and to the sitter', async () => {
    const { sitter, owner, bookingId } = await scene()
    for (const [viewer, otherParty] of [
      [owner, sitterShown],
      [sitter, ownerShown],
    ] as const) {
      const places = await placesOf(await visitAs(viewer, `/bookings/${bookingId}`), otherParty)
      expect({ otherParty, outsideBdi: places.outsideBdi }).toEqual({ otherParty, outsideBdi: false })
      expect(places.inBdi).toBeGreaterThan(0)
    }
  })
})

describe('a message with a bidi override', () => {
  test('is shown only inside <bdi> in the thread and as the last message of the conversation list', async () => {
    const { sitter, owner } = await scene()
    for (const path of [`/messages?userId=${owner.id}`, `/messages/${owner.id}`]) {
      const places = await placesOf(await visitAs(sitter, path), messageBody)
      expect({ path, outsideBdi: places.outsideBdi }).toEqual({ path, outsideBdi: false })
      expect(places.inBdi).toBeGreaterThan(0)
    }
  })
})
