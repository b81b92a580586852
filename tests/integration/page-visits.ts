import { appRequest } from './app.ts'

// A browser without JavaScript, as the page tests play it: a signed-in person's cookie, pages read as
// text, form posts, and the flash toast a redirect carries. The app's modules are imported when first
// used, so a test file can point the app at its fakes (process.env) before anything reads the config.

export type Person = { id: string; name: string; cookie: string }

export async function signedIn(user: { id: string; name: string }): Promise<Person> {
  const { createSession, sessionCookie } = await import('#app/features/accounts/session.server.ts')
  const session = await createSession(user.id, 'cookie', 'vitest')
  return { ...user, cookie: (await sessionCookie.serialize(session.id)).split(';')[0] ?? '' }
}

export const visitAs = (person: Person, path: string) => appRequest(path, { headers: { cookie: person.cookie } })

export const postAs = (person: Person, path: string, fields: Record<string, string>) =>
  appRequest(path, { method: 'POST', body: new URLSearchParams(fields), headers: { cookie: person.cookie } })

/** The toast a response flashes for the next page. */
export async function toastOf(response: Response) {
  const { getToast } = await import('#app/lib/toast.server.ts')
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((line) => line?.startsWith('__toast='))
    .join('; ')
  return (await getToast(new Request('http://localhost/', { headers: { cookie } }))).toast
}

/** The page's text without tags, for asserting what a user reads. */
export async function textOf(response: Response) {
  return plainText((await response.text()).replace(/<script[\s\S]*?<\/script>/g, ' '))
}

/** A piece of HTML as the text a user reads: no tags, entities decoded, white space collapsed. */
export function plainText(html: string) {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** The texts of a page's main headings (h1). */
export function mainHeadings(html: string) {
  return [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map(([, inner]) => plainText(inner ?? ''))
}
