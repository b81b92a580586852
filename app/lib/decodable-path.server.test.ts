import { describe, expect, test } from 'vitest'
import { withDecodablePath } from './decodable-path.server.ts'

describe('a request path React Router can decode', () => {
  test('a segment that does not decode has its % written %25; the others and the query stay as written', () => {
    expect(withDecodablePath('/%zz')).toBe('/%25zz')
    expect(withDecodablePath('/sitters/%E0%A4%A')).toBe('/sitters/%25E0%25A4%25A')
    expect(withDecodablePath('/b%C3%BCcher/%E0%A4%A/x?q=%zz&a=1')).toBe('/b%C3%BCcher/%25E0%25A4%25A/x?q=%zz&a=1')
    expect(withDecodablePath('/%')).toBe('/%25')
  })

  test('a path that decodes is the same string', () => {
    for (const target of ['/', '/bookings?tab=past', '/%62ookings', '/b%C3%BCcher', '/sitters/x?q=%zz', '/a%2Fb', ''])
      expect(withDecodablePath(target)).toBe(target)
  })

  test('what the written segment decodes to is what the client wrote', () => {
    const [, segment = ''] = withDecodablePath('/%E0%A4%A').split('/')
    expect(decodeURIComponent(segment)).toBe('%E0%A4%A')
  })
})
