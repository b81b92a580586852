// Message text is shown as text (React escapes it); only web addresses become links, and only http(s):
// `javascript:`, `data:` and every other scheme stay plain text.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

const candidate = /\bhttps?:\/\/[^\s<>"']+/gi
/** Punctuation that ends a sentence rather than the address ('see https://a.example/x.'). */
const trailingPunctuation = /[.,;:!?'")\]}]+$/

export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = []
  let rest = 0
  for (const match of text.matchAll(candidate)) {
    const address = match[0].replace(trailingPunctuation, '')
    const url = URL.parse(address)
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue
    if (match.index > rest) parts.push({ kind: 'text', text: text.slice(rest, match.index) })
    parts.push({ kind: 'link', text: address, href: url.href })
    rest = match.index + address.length
  }
  if (rest < text.length) parts.push({ kind: 'text', text: text.slice(rest) })
  return parts
}
