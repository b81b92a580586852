import { z } from 'zod'

// Text a person types, for every text field of every form and JSON body (names, addresses, bios,
// messages...). Control characters (NUL, escape, the C1 range...) are refused rather than stored:
// they break rendering, logs and the e-mails the text ends up in. A multi-line field keeps its line
// breaks and tabs; browsers send a textarea's line breaks as CRLF, stored as LF. Half a surrogate pair
// (`"\ud800"` in a JSON body; a browser never sends one) is refused too: both databases would store it
// as U+FFFD, changing the text without a word.

const anyControlCharacter = /\p{Cc}/u
const controlCharacterButLineBreakOrTab = /(?![\t\n])\p{Cc}/u
const loneSurrogate = /\p{Cs}/u

/** The kinds of text below, as the OpenAPI document states them (`plainTextPatterns`). */
export type PlainTextKind = 'single-line' | 'multi-line' | 'name'

/**
 * What each kind allows, as JSON Schema patterns (ECMA-262 with the `u` flag, as JSON Schema 2020-12 reads them):
 * no control character (\p{Cc} is U+0000-001F and U+007F-009F) and no lone surrogate (U+D800-DFFF, which with
 * the `u` flag matches half a pair only); a multi-line text may hold tabs and line breaks (CR too: CRLF is stored
 * as LF); a name no format character (\p{Cf}) either. The zod checks below are the rule; these state it to API
 * clients (api-docs/openapi-parts.ts reads the kind from the schema's metadata).
 */
export const plainTextPatterns: Record<PlainTextKind, string> = {
  'single-line': '^[^\\x00-\\x1F\\x7F-\\x9F\\uD800-\\uDFFF]*$',
  'multi-line': '^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F-\\x9F\\uD800-\\uDFFF]*$',
  name: '^[^\\x00-\\x1F\\x7F-\\x9F\\uD800-\\uDFFF\\p{Cf}]*$',
}

type PlainTextOptions = {
  /** The message for a value that is missing or not text (a required field says 'Name is required'). */
  error?: string
  multiline?: boolean
}

/**
 * A trimmed string without control characters; chain `.min()`/`.max()` as with `z.string()`. The metadata names
 * its kind for the OpenAPI document (a regex check would also become the HTML `pattern` of the page forms).
 */
export function plainText(label: string, { error = `${label} must be text`, multiline = false }: PlainTextOptions = {}) {
  // Each refusal stops the checks after it: a field says one thing wrong with it, once.
  const refused = { error: `${label} must not contain control characters`, abort: true }
  const notText = { error: `${label} contains characters that are not allowed.`, abort: true }
  if (!multiline)
    return z
      .string({ error })
      .trim()
      .refine((text) => !anyControlCharacter.test(text), refused)
      .refine((text) => !loneSurrogate.test(text), notText)
      .meta({ plainText: 'single-line' })
  return z
    .string({ error })
    .overwrite((text) => text.replace(/\r\n?/g, '\n'))
    .trim()
    .refine((text) => !controlCharacterButLineBreakOrTab.test(text), refused)
    .refine((text) => !loneSurrogate.test(text), notText)
    .meta({ plainText: 'multi-line' })
}

const formatCharacter = /\p{Cf}/u

/**
 * The name of a person or a dog: plain text that also refuses every format character (\p{Cf}): bidi
 * controls, which reorder the text shown after a name in a list or a sentence, and the zero-width and
 * invisible ones, which make one name look like another. Messages and notes keep them (and are shown
 * isolated in <bdi>): a name is shown inline everywhere and is what people trust.
 */
export function nameText(label: string, options: Omit<PlainTextOptions, 'multiline'> = {}) {
  return plainText(label, options)
    .refine((text) => !formatCharacter.test(text), {
      error: `${label} contains characters that are not allowed.`,
    })
    .meta({ plainText: 'name' })
}
