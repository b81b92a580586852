/**
 * The first line of every e-mail to a person: their first name without the punctuation around it,
 * so 'Smith, John' is greeted 'Hi Smith,' (never 'Hi Smith,,') and a name with no letters 'Hi there,'.
 */
export function emailGreeting(name: string) {
  const firstWord = name.trim().split(/\s+/)[0] ?? ''
  const bare = firstWord.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
  return bare ? `Hi ${bare},` : 'Hi there,'
}
