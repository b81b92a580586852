import { expect, test } from 'vitest'
import { emailHtml } from './email-html.ts'

const origin = 'https://pawpal.example'

test('paragraphs and line breaks of the text, escaped', () => {
  const html = emailHtml('Hi <Sam>,\n\nLine one & two\nnext line', { subject: 'A "test"', ownOrigin: origin })
  expect(html).toContain('<title>A &quot;test&quot;</title>')
  expect(html).toContain('>Hi &lt;Sam&gt;,</p>')
  expect(html).toContain('>Line one &amp; two<br>next line</p>')
})

test('a line that is one of our own URLs becomes a link; any other address stays text', () => {
  const html = emailHtml(`See it:\n${origin}/bookings/1?a=1&b=2\nhttps://evil.example/x\nvisit ${origin}/x now`, { subject: 's', ownOrigin: origin })
  expect(html).toContain(`<a href="${origin}/bookings/1?a=1&amp;b=2" style="color:#b45309">${origin}/bookings/1?a=1&amp;b=2</a>`)
  expect(html).not.toContain('href="https://evil.example')
  expect(html).toContain(`visit ${origin}/x now`)
})
