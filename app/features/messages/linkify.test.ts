import { expect, test } from 'vitest'
import { linkify } from './linkify.ts'

test('http and https addresses become links; the text around them stays text', () => {
  expect(linkify('See https://pawpal.example/sitters/1 and http://vet.example.')).toEqual([
    { kind: 'text', text: 'See ' },
    { kind: 'link', text: 'https://pawpal.example/sitters/1', href: 'https://pawpal.example/sitters/1' },
    { kind: 'text', text: ' and ' },
    { kind: 'link', text: 'http://vet.example', href: 'http://vet.example/' },
    { kind: 'text', text: '.' },
  ])
})

test('other schemes are never links, and markup stays text around an address', () => {
  for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://files.example/x', 'www.example.com']) {
    expect(linkify(text)).toEqual([{ kind: 'text', text }])
  }
  expect(linkify('<a href="https://evil.example">x</a>')).toEqual([
    { kind: 'text', text: '<a href="' },
    { kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
    { kind: 'text', text: '">x</a>' },
  ])
})

test('text without addresses is one text part; empty text none', () => {
  expect(linkify('Walk at 9?')).toEqual([{ kind: 'text', text: 'Walk at 9?' }])
  expect(linkify('')).toEqual([])
})
