import { expect, test } from 'vitest'
import { tileOrigins, tileUrl } from './map-tiles.ts'

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

test("a tile's URL is the template filled in as Leaflet fills it", () => {
  expect(tileUrl('https://tile.openstreetmap.org/{z}/{x}/{y}.png', { x: 536, y: 358, z: 10 })).toBe('https://tile.openstreetmap.org/10/536/358.png')
  // Leaflet's subdomain is the (x + y)th of a, b, c; {-y} counts rows from the bottom of the world.
  expect(tileUrl('https://{s}.tile.example.org/{z}/{x}/{-y}{r}.png', { x: 536, y: 358, z: 10 })).toBe('https://a.tile.example.org/10/536/665.png')
  expect(tileUrl('https://{s}.tile.example.org/{z}/{x}/{y}.png', { x: 1, y: 1, z: 2 })).toBe('https://c.tile.example.org/2/1/1.png')
})
