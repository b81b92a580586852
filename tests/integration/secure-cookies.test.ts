import { expect, test } from 'vitest'
import { appRequest, cookiesFrom, postForm } from './app.ts'

// With an https PUBLIC_URL every cookie the app sets or clears carries Secure, outside production too
// (NODE_ENV is 'test' here): the session, the flash toast and Google sign-in's state, client and browser-binding cookies.
Object.assign(process.env, {
  PUBLIC_URL: 'https://pawpal.test',
  GOOGLE_CLIENT_ID: 'secure-cookies-client',
  GOOGLE_CLIENT_SECRET: 'secure-cookies-secret',
})

const nameOf = (setCookie: string) => setCookie.slice(0, setCookie.indexOf('='))

test('with PUBLIC_URL=https://... every Set-Cookie of sign-up, toasts, logout, a dropped session and Google sign-in has Secure', async () => {
  const answers: Response[] = []
  const keep = (response: Response) => {
    answers.push(response)
    return response
  }
  const email = `secure-${crypto.randomUUID().slice(0, 8)}@example.com`

  const registered = keep(await postForm('/register', { name: 'Sam Secure', email, password: 'correct-horse', redirectTo: '' }))
  const signedIn = cookiesFrom(registered)
  keep(await appRequest('/onboarding', { headers: { cookie: signedIn } })) // reads the toast and clears it
  keep(await postForm('/logout', {}, { cookie: signedIn }))
  keep(await appRequest('/', { headers: { cookie: signedIn } })) // the ended session's cookie is dropped
  const google = keep(await appRequest('/api/auth/google'))
  keep(await appRequest('/api/auth/google/callback?state=forged&code=forged', { headers: { cookie: cookiesFrom(google) } }))
  keep(await appRequest('/api/auth/google?client=api')) // also binds this browser to its one-time sign-in code

  const setCookies = answers.flatMap((answer) => answer.headers.getSetCookie())
  expect(new Set(setCookies.map((line) => nameOf(line).replace(/:.*/, '')))).toEqual(
    new Set(['__session', '__browser', '__toast', '__google_oauth', '__google_client', '__google_signin']),
  )
  expect(setCookies.filter((line) => !/;\s*Secure\s*(;|$)/i.test(line))).toEqual([])
})
