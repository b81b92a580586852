import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

// Stopping the app (a deploy, Ctrl-C) while an event dispatched after a commit is still being handled:
// the database closes only after the handler finished and its delivery was marked, so no other instance
// runs it again later.
const { db, migrateToLatest, openDatabase } = await import('#app/lib/db.server.ts')
const { dispatchEvents, recordEvent, registerSubscriber } = await import('#app/lib/events.server.ts')
const { stopApp } = await import('#app/lifecycle.server.ts')

test('stopping the app waits for an event dispatch in flight before closing the database', async () => {
  await migrateToLatest()
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let handling = () => {}
  const handlerStarted = new Promise<void>((resolve) => {
    handling = resolve
  })
  registerSubscriber({
    name: 'test:slow-handler',
    types: ['test.slow'],
    handle: async () => {
      handling()
      await released
    },
  })
  const eventId = await recordEvent(db, { type: 'test.slow', subjectId: 'stop', payload: {} })
  const dispatching = dispatchEvents([eventId]).catch((error: unknown) => error)
  await handlerStarted

  const stopping = stopApp()
  // After everything stopApp does without waiting (the handler goes on only in a later turn of the loop).
  setImmediate(release)
  await stopping

  expect(await dispatching).toEqual(new Map([[eventId, new Map([['test:slow-handler', { ok: true, value: undefined }]])]]))
  const other = openDatabase(process.env.DATABASE_URL!)
  const delivery = await other.selectFrom('eventDeliveries').select(['deliveredAt', 'lastError']).where('eventId', '=', eventId).executeTakeFirstOrThrow()
  await other.destroy()
  expect(delivery.lastError).toBeNull()
  expect(delivery.deliveredAt).not.toBeNull()
})

// A script or a bench that starts the app has nothing else keeping the process alive while stopApp waits
// for the background threads it started (the WAL checkpoints' worker): Node would leave the wait unsettled
// and exit with code 13 instead of finishing the script.
test('a process that only started the app finishes once stopApp has stopped it', async () => {
  const script = "const { startApp, stopApp } = await import('#app/lifecycle.server.ts'); await startApp(); await stopApp(); console.log('stopped')"
  const { stdout } = await promisify(execFile)(process.execPath, ['--eval', script], { env: process.env })
  expect(stdout.trim()).toBe('stopped')
})
