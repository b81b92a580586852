import { beforeAll, expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/db.server.ts'
import { servePublicPage, shareableRenderHeader } from '#app/lib/public-page-cache.server.ts'

// DESIGN.md section 8 and issue 9: a burst of anonymous visitors to a public page costs one render; the
// others wait for it and get its bytes. A signed-in visitor is never served a shared copy.

beforeAll(async () => {
  await migrateToLatest()
})

/** A page render that takes a moment, counts its calls and marks itself shareable, as entry.server.tsx does. */
function slowShareableRender() {
  const rendered: string[] = []
  const render = async (request: Request) => {
    rendered.push(request.url)
    await new Promise((resolve) => setTimeout(resolve, 20))
    return new Response(`<p>render ${rendered.length}</p>`, { headers: { etag: `"render-${rendered.length}"`, [shareableRenderHeader]: '1' } })
  }
  return { render, rendered }
}

test('twenty anonymous visitors arriving at once cost one render and get the same bytes', async () => {
  const { render, rendered } = slowShareableRender()
  const url = `http://localhost/sitters?burst=${crypto.randomUUID()}`

  const answers = await Promise.all(Array.from({ length: 20 }, () => servePublicPage(new Request(url), render)))

  expect(rendered).toHaveLength(1)
  const bodies = await Promise.all(answers.map((answer) => answer.text()))
  expect(new Set(bodies)).toEqual(new Set(['<p>render 1</p>']))
  expect(new Set(answers.map((answer) => answer.headers.get('etag')))).toEqual(new Set(['"render-1"']))
  expect(answers.every((answer) => !answer.headers.has(shareableRenderHeader))).toBe(true)
})

test('signed-in visitors arriving at once each get their own render', async () => {
  const { render, rendered } = slowShareableRender()
  const url = `http://localhost/sitters?burst=${crypto.randomUUID()}`
  const signedIn = () => new Request(url, { headers: { cookie: '__session=someone' } })

  await Promise.all(Array.from({ length: 5 }, () => servePublicPage(signedIn(), render)))

  expect(rendered).toHaveLength(5)
})
