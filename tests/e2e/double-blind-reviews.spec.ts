import { insertBooking, registerOwnerWithDog, registerSitter, signInAs, signOut, zurichDate } from './booking-helpers.ts'
import { expect, test } from './fixtures.ts'

// Two-sided, double-blind reviews (issue 30, DESIGN.md ruling 26), with JavaScript and without: the owner's
// review stays hidden from the sitter, who only learns that one is waiting; the sitter reviews the owner and
// the dog, and both reviews show on both sides at once.

test("the sitter reads the owner's review only after sending theirs; then both see both @desktop", async ({ page, db, visit }) => {
  const sitter = await registerSitter(page, db, 'Sam Walker')
  const { owner, dogId } = await registerOwnerWithDog(page, db, { name: 'Pepper' })
  const id = await insertBooking(db, { dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'completed', date: zurichDate(-2) })
  const reviews = page.getByRole('region', { name: 'Reviews' })

  await visit(`/bookings/${id}`)
  await expect(reviews).toContainText('Reviews close on')
  await reviews.getByRole('radio', { name: '3 stars' }).check()
  await reviews.getByLabel('Comment (optional)').fill('Pepper came back soaked and ten minutes late.')
  await reviews.getByRole('button', { name: 'Post Review' }).click()
  await expect(page.getByText('Review sent')).toBeVisible()
  await expect(reviews).toContainText('Hidden from Sam until they review you or reviews close.')
  await expect(reviews).toContainText("Sam hasn't reviewed you yet.")

  await signOut(page)
  await signInAs(page, sitter)
  await visit(`/bookings/${id}`)
  await expect(reviews).toContainText("Olive has reviewed you. You'll read it once you've sent yours")
  await expect(page.getByText('Pepper came back soaked')).toHaveCount(0)
  await expect(reviews.getByRole('group', { name: 'How was it with Olive and Pepper?' })).toBeVisible()
  await reviews.getByRole('radio', { name: '4 stars' }).check()
  await reviews.getByLabel('Comment (optional)').fill('Olive was clear about Pepper and easy to reach.')
  await reviews.getByRole('button', { name: 'Post Review' }).click()
  await expect(page.getByText('Reviews published')).toBeVisible()
  await expect(reviews).toContainText('Pepper came back soaked and ten minutes late.')
  await expect(reviews).toContainText('Olive was clear about Pepper and easy to reach.')
  await expect(reviews.getByLabel('Your reply')).toBeVisible()

  await signOut(page)
  await signInAs(page, owner)
  await visit(`/bookings/${id}`)
  await expect(reviews).toContainText('Olive was clear about Pepper and easy to reach.')
  await expect(reviews.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible()
  await expect(reviews).toContainText('Published')
  const published = await db.selectFrom('reviews').select('publishedAt').where('bookingId', '=', id).executeTakeFirstOrThrow()
  expect(published.publishedAt).not.toBeNull()
})
