import { z } from 'zod'
import { isClockTime, isLocalDate, isTimeZone } from './zoned-time.ts'

// zod fields for local dates, clock times and zones, shared by every form and JSON body that takes them.

/** A real calendar date written yyyy-MM-dd: '2026-02-30' and '2026-3-2' are refused. */
export const localDateField = (label = 'Date') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(10, { error: `${label} must be a date like 2026-03-02`, abort: true })
    .refine(isLocalDate, { error: `${label} must be a date like 2026-03-02` })
    .meta({ format: 'date', examples: ['2026-03-02'] })

/** A clock time HH:mm, 00:00 to 23:59: '25:00' and '9:00' are refused. */
export const clockTimeField = (label = 'Time') =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .max(5, { error: `${label} must be a time like 09:00`, abort: true })
    .refine((text) => isClockTime(text), { error: `${label} must be a time like 09:00` })
    .meta({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', examples: ['09:00'] })

/**
 * An IANA time zone name such as Europe/Zurich: one the runtime's time zone data knows (which also takes the old
 * aliases, US/Eastern, and any case). The OpenAPI document lists the canonical names of that same data (and UTC)
 * as an enum, so it states only names this server takes (a pattern would allow names it refuses).
 */
export const timeZoneField = () =>
  z
    .string({ error: 'Time zone must be text' })
    .trim()
    .refine(isTimeZone, { error: 'Time zone must be an IANA name such as Europe/Zurich' })
    .meta({ enum: [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])], examples: ['Europe/Zurich'] })
