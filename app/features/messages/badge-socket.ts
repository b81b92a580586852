import { href } from 'react-router'
import { showToast } from '#app/ui/toaster.tsx'
import type { MessageJson } from './message-json.ts'
import { acquireSocket, releaseSocket } from './shared-socket.ts'

// What the signed-in shell does over the tab's live socket (loaded once a signed-in page has hydrated, so
// no page carries the socket client in its first load for it): ask for the badge counts (the `counts`
// event), which the server then pushes whenever they may have changed; show a toast for a message that
// arrives while its thread is not open; reload a bookings list or booking page when one of the user's
// bookings changes, and the notification centre when the server pushes counts (it does after every change
// to the user's notifications: one added, updated or read); say when the session ended.

/** Badge counts and when the server counted them (app/badge-counts.server.ts). */
export type Counted = { at: number }

const previewLength = 90

/** Starts watching for `viewerId`; returns the function that stops. */
export function watchBadges<Counts extends Counted>(
  viewerId: string,
  on: { counts: (counts: Counts) => void; bookingsChanged: () => void; notificationsChanged: () => void; sessionEnded: () => void },
) {
  const socket = acquireSocket()
  // A new connection (the first, or after a drop) starts without them: ask on each.
  const askForCounts = () => socket.request<Counts>('counts', {}).then(on.counts, () => {})
  const unsubscribe = [
    socket.on('counts', (data) => {
      on.counts(data as Counts)
      if (window.location.pathname === href('/notifications')) on.notificationsChanged()
    }),
    socket.on('reconnected', () => void askForCounts()),
    socket.on('newMessage', (data) => {
      const message = data as MessageJson
      if (message.recipient.id === viewerId && !isThreadOpen(message.sender.id)) toastNewMessage(message)
    }),
    socket.on('bookingUpdate', () => {
      if (showsBookings()) on.bookingsChanged()
    }),
    socket.on('unauthorized', on.sessionEnded),
  ]
  void askForCounts()
  return () => {
    for (const off of unsubscribe) off()
    releaseSocket()
  }
}

/** Whether this tab shows the conversation with the sender (/messages/{id} or /messages?userId={id}). */
function isThreadOpen(senderId: string) {
  const { pathname, search } = window.location
  return pathname === `/messages/${senderId}` || (pathname === '/messages' && new URLSearchParams(search).get('userId') === senderId)
}

/** The bookings lists and a booking's page (not the request forms, whose fields a reload could disturb). */
function showsBookings() {
  return /^\/(bookings|bookings-sitter|bookings\/[0-9a-f-]{36})$/.test(window.location.pathname)
}

function toastNewMessage(message: MessageJson) {
  const text = message.content.length > previewLength ? `${message.content.slice(0, previewLength - 1).trimEnd()}…` : message.content
  showToast({
    title: `New message from ${message.sender.name}`,
    description: text,
    action: { label: 'Open', to: `${href('/messages')}?${new URLSearchParams({ userId: message.sender.id })}` },
  })
}
