import { describe, expect, test } from 'vitest'
import { type SitterListFilters, sitterListSearch } from './sitter-list-filters.ts'
import { readSitterListQuery } from './sitter-list-query.ts'

// The /sitters page's query string: what it reads, what it refuses (named, and left out), and that the
// links the page builds read back as the same list.

const read = (search: string) => readSitterListQuery(new URLSearchParams(search))
const none: SitterListFilters = { search: '', service: null, sizes: [], date: null, near: false }

describe('reading the query', () => {
  test('an empty query is every sitter, page 1', () => {
    expect(read('')).toEqual({ filters: none, pages: { first: 1, last: 1 }, problems: [] })
  })

  test('reads the search, the first service, every size once, the date and near', () => {
    expect(read('search=+Wiedikon+&service=walking&service=sitting&size=large&size=small&size=large&date=2030-03-04&near=1').filters).toEqual({
      search: 'Wiedikon',
      service: 'walking',
      sizes: ['large', 'small'],
      date: '2030-03-04',
      near: true,
    })
  })

  test('leaves out what it cannot use and names it', () => {
    const { filters, pages, problems } = read(`service=flying&size=huge&date=2030-02-30&page=abc&search=${'x'.repeat(101)}`)
    expect(filters).toEqual(none)
    expect(pages).toEqual({ first: 1, last: 1 })
    expect(problems).toEqual([
      'Page must be a whole number from 1 to 100000',
      'Search must be at most 100 characters',
      'Service must be one of walking, sitting, boarding, daycare, training, grooming',
      'Size must be one of small, medium, large',
      'Date must be a calendar day written yyyy-MM-dd',
    ])
  })

  test('page N shows pages 1 to N, at most ten of them; first narrows it, within those ten', () => {
    expect(read('page=4').pages).toEqual({ first: 1, last: 4 })
    expect(read('page=14').pages).toEqual({ first: 5, last: 14 })
    expect(read('page=4&first=4').pages).toEqual({ first: 4, last: 4 })
    expect(read('page=4&first=5').pages).toEqual({ first: 1, last: 4 })
    expect(read('page=14&first=2').pages).toEqual({ first: 5, last: 14 })
    expect(read('page=4&first=x').pages).toEqual({ first: 1, last: 4 })
  })
})

describe('the links the page builds', () => {
  test.each<[SitterListFilters, { last: number; first?: number } | undefined, string]>([
    [none, undefined, ''],
    [none, { last: 1 }, ''],
    [{ ...none, search: 'anna keller' }, { last: 3 }, '?search=anna+keller&page=3'],
    [{ search: 'a&b', service: 'grooming', sizes: ['small', 'large'], date: '2030-03-04', near: true }, { last: 2, first: 2 }, '?search=a%26b&service=grooming&size=small&size=large&date=2030-03-04&near=1&page=2&first=2'],
  ])('%j %j is %j and reads back as the same list', (filters, pages, expected) => {
    const search = sitterListSearch(filters, pages)
    expect(search).toBe(expected)
    const back = read(search.slice(1))
    expect(back.filters).toEqual(filters)
    expect(back.pages).toEqual({ first: pages?.first ?? 1, last: pages?.last ?? 1 })
    expect(back.problems).toEqual([])
  })
})
