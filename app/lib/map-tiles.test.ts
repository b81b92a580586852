import { expect, test } from 'vitest'
import { tileOrigins } from './map-tiles.ts'

test('a tile template without subdomains loads from its one origin', () => {
  expect(tileOrigins('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org'])
  expect(tileOrigins('http://127.0.0.1:4312/{z}/{x}/{y}{r}.png')).toEqual(['http://127.0.0.1:4312'])
})

test('a tile template with {s} loads from each subdomain Leaflet fills in, and nowhere else', () => {
  expect(tileOrigins('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toEqual([
    'https://a.tile.example.org',
    'https://b.tile.example.org',
    'https://c.tile.example.org',
  ])
})
