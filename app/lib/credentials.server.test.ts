import { expect, test } from 'vitest'
import { carriesCredential } from './credentials.server.ts'

// What makes an answer one visitor's own (decision 062): the cookies the app sets, any Authorization header,
// a token in the query string. The names are spelled out here, as a browser sends them.
const page = new URL('https://pawpal.test/sitters?near=1')
const request = ({ url = page, cookie = null, authorization = null }: { url?: URL; cookie?: string | null; authorization?: string | null }) =>
  carriesCredential({ url, cookie, authorization })

test('the session cookie carries a credential, alone, first or after other cookies', () => {
  expect(request({ cookie: '__session=signed.value' })).toBe(true)
  expect(request({ cookie: '__session=signed.value; theme=dark' })).toBe(true)
  expect(request({ cookie: 'theme=dark; __session=signed.value' })).toBe(true)
  expect(request({ cookie: 'theme=dark;__session=signed.value' })).toBe(true)
})

test("a flash toast and Google sign-in's cookies are the visitor's own too", () => {
  expect(request({ cookie: '__toast=e30' })).toBe(true)
  expect(request({ cookie: 'lang=de; __toast=e30' })).toBe(true)
  expect(request({ cookie: '__google_oauth:0b7c=state' })).toBe(true)
  expect(request({ cookie: 'lang=de; __google_signin=binding' })).toBe(true)
  expect(request({ cookie: '__google_client=api' })).toBe(true)
})

test("other sites' or the browser's own cookies carry nothing of the visitor", () => {
  expect(request({})).toBe(false)
  expect(request({ cookie: '' })).toBe(false)
  expect(request({ cookie: 'theme=dark; lang=de' })).toBe(false)
  expect(request({ cookie: 'x__session=1; session=2; toast=3' })).toBe(false)
  expect(request({ cookie: 'my__google_=1; google_oauth=2' })).toBe(false)
  // A cookie named like ours only in its value is not ours.
  expect(request({ cookie: 'note=__session' })).toBe(false)
})

test('any Authorization header, whatever its scheme, and a token in the query string carry a credential', () => {
  expect(request({ authorization: 'Bearer eyJhbGciOi' })).toBe(true)
  expect(request({ authorization: 'Basic YWxpY2U6c2VjcmV0' })).toBe(true)
  expect(request({ authorization: '' })).toBe(true)
  expect(request({ url: new URL('https://pawpal.test/login/success?token=eyJhbGciOi') })).toBe(true)
  expect(request({ url: new URL('https://pawpal.test/sitters?tokens=1&page=2') })).toBe(false)
})
