import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'

// The passwords people pick most often (docs/decisions/058-common-passwords-and-sign-in-slowdown.md):
// zxcvbn-ts's list of 49,233, in lower case. Read from disk at the first password set after start-up,
// never imported, so no bundle carries the 490 KB.

export const commonPasswordMessage = 'This password is too common. Please choose another.'

let commonPasswords: Promise<Set<string>> | undefined

function loadCommonPasswords() {
  const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json')
  return readFile(file, 'utf8').then((text) => new Set(JSON.parse(text) as string[]))
}

/** Whether a new password is on the list, whatever its letter case. */
export async function isCommonPassword(password: string) {
  commonPasswords ??= loadCommonPasswords()
  return (await commonPasswords).has(password.normalize('NFKC').toLowerCase())
}
