import { expect, test } from 'vitest'
import { formatDelivery, formatNotificationTime } from './notification-format.ts'
import { bookingNoticeText, formatBookingMoment, unreadMessagesText } from './notification-texts.ts'

const facts = { date: '2026-12-02', startTime: '08:00', service: 'walking', dogName: 'Mochi', ownerName: 'Sam', sitterName: 'Alex', requestedBy: 'owner' as const }

test('a booking reads as its weekday, day and first start, the year only when it is not this one', () => {
  expect(formatBookingMoment('2026-12-02', '08:00', 2026)).toBe('Wed 2 Dec, 08:00')
  expect(formatBookingMoment('2027-01-05', '09:00', 2026)).toBe('Tue 5 Jan 2027, 09:00')
  expect(formatBookingMoment('2027-01-05', null, 2026)).toBe('Tue 5 Jan 2027')
})

test('a request says who asked for what, for which dog, when; an offer says it was offered', () => {
  expect(bookingNoticeText('requested', facts, { actor: 'owner', reader: 'sitter', currentYear: 2026 })).toBe('Sam requested a walk for Mochi on Wed 2 Dec, 08:00')
  expect(bookingNoticeText('requested', { ...facts, requestedBy: 'sitter', service: 'boarding' }, { actor: 'sitter', reader: 'owner', currentYear: 2026 })).toBe(
    'Alex offered boarding for Mochi on Wed 2 Dec, 08:00',
  )
})

test("the reminder to change the codes names the sitter and the booking, and no code", () => {
  expect(bookingNoticeText('home-access-viewed', facts, { actor: null, reader: 'owner', currentYear: 2026 })).toBe(
    'Alex viewed your home access for a walk for Mochi on Wed 2 Dec, 08:00. You may want to change your codes.',
  )
})

test('unread messages count in words', () => {
  expect(unreadMessagesText('Sam', 1)).toBe('Sam sent you a message')
  expect(unreadMessagesText('Sam', 4)).toBe('Sam sent you 4 messages')
})

test("times read in the viewer's zone, 24-hour: today, yesterday, then the date", () => {
  const now = '2026-06-10T12:00:00Z'
  expect(formatNotificationTime('2026-06-10T06:30:00Z', now, 'Europe/Zurich')).toBe('Today, 08:30')
  expect(formatNotificationTime('2026-06-09T20:15:00Z', now, 'Europe/Zurich')).toBe('Yesterday, 22:15')
  expect(formatNotificationTime('2026-06-02T20:15:00Z', now, 'Europe/Zurich')).toBe('Tue 2 Jun, 22:15')
  expect(formatNotificationTime('2025-06-02T20:15:00Z', now, 'Europe/Zurich')).toBe('2 Jun 2025, 22:15')
})

test('deliveries say the channel, the outcome and the time', () => {
  const at = '2026-06-10T08:02:00Z'
  expect(formatDelivery({ channel: 'push', status: 'sent', at, detail: null }, 'Europe/Zurich')).toBe('Sent by push 10:02')
  expect(formatDelivery({ channel: 'push', status: 'delivered', at, detail: null }, 'Europe/Zurich')).toBe('Delivered by push 10:02')
  expect(formatDelivery({ channel: 'email', status: 'failed', at, detail: 'mailbox full' }, 'UTC')).toBe('E-mail failed 08:02 (mailbox full)')
  expect(formatDelivery({ channel: 'email', status: 'waiting', at, detail: null }, 'UTC')).toBe('E-mail queued 08:02')
  expect(formatDelivery({ channel: 'push', status: 'waiting', at, detail: null }, 'UTC')).toBe('The push waits for the end of your quiet hours, 08:02')
})
