import { expect, pngFile, registerUser, test } from './fixtures.ts'

// A sitter's gallery on /profile/edit (issue 9): photos chosen with the shell's photo picker are saved
// with Save Changes and can be deleted one by one, with and without JavaScript.

test("a sitter adds two gallery photos with Save Changes, then deletes one", async ({ page, visit, db }) => {
  const sitter = await registerUser(page, db, { prefix: 'gallery', name: 'Gina Gallery' })
  const now = new Date().toISOString()
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', sitter.id).execute()
  await db.insertInto('sitterProfiles').values({ userId: sitter.id, experience: '3-5', verified: 0, createdAt: now, updatedAt: now }).execute()
  await db.insertInto('sitterServices').values({ sitterId: sitter.id, service: 'walking', hourlyRateCents: 2500 }).execute()
  const galleryOf = () => db.selectFrom('sitterPhotos').select('path').where('sitterId', '=', sitter.id).orderBy('position').execute()

  await visit('/profile/edit')
  await page.getByLabel('Address', { exact: true }).fill('Bahnhofstrasse 1, Zürich')
  await page.getByLabel('Add gallery photos').setInputFiles([await pngFile('park.png', { r: 40, g: 160, b: 90 }), await pngFile('lake.png', { r: 30, g: 90, b: 200 })])
  await page.getByRole('button', { name: 'Save Changes' }).click()

  await expect(page).toHaveURL(/\/profile$/)
  const saved = await galleryOf()
  expect(saved).toHaveLength(2)

  await visit('/profile/edit')
  await expect(page.getByRole('img', { name: 'Gallery photo 1' })).toHaveAttribute('src', new RegExp(`^${saved[0]!.path}-\\d+\\.webp$`))
  await expect(page.getByRole('img', { name: 'Gallery photo 2' })).toBeVisible()
  await page.getByRole('button', { name: 'Delete gallery photo 1' }).click()

  await expect(page.getByRole('status').filter({ hasText: 'Photo deleted' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Gallery photo 2' })).toHaveCount(0)
  expect(await galleryOf()).toEqual([saved[1]])
})
