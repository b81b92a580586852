import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { Avatar } from './avatar.tsx'

const photo = '/uploads/avatars/sam-0f3c'
const markup = (size: 'sm' | 'md' | 'lg' | 'xl') => renderToStaticMarkup(createElement(Avatar, { photo, size }))

test('a round photo in a list, a line or a header asks for the 160 px file, at 160 px (decision 094)', () => {
  for (const size of ['sm', 'md', 'lg'] as const) {
    expect(markup(size), size).toContain(`src="${photo}-160.webp"`)
    expect(markup(size), size).toContain('width="160" height="160"')
  }
})

test("a profile header's 96 px photo asks for the 320 px file: 160 would blur on a two-times screen", () => {
  expect(markup('xl')).toContain(`src="${photo}-320.webp"`)
  expect(markup('xl')).toContain('width="320" height="320"')
})

test('without a photo, the first letter of the name stands in, and no image is asked for', () => {
  const html = renderToStaticMarkup(createElement(Avatar, { photo: null, name: ' sam' }))
  expect(html).toContain('>S</span>')
  expect(html).not.toContain('<img')
})
