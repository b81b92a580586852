import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { href, useRevalidator } from 'react-router'
import { showToast } from '#app/ui/toaster.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { type LiveSocket, type LiveState, newClientId, socketNotConnected } from '../live-socket.ts'
import { acquireSocket, releaseSocket, sharedSocket } from '../shared-socket.ts'
import type { MessageJson } from '../message-json.ts'
import type { ThreadMessage } from './message-bubbles.tsx'

// What JavaScript adds to the messages screens (spec section 4, Messaging), over the tab's one live
// socket: a new message or a read receipt reloads the page's data (the list re-orders, its unread counts
// change); the open thread appends new messages at once, marks the partner's read, and sends
// optimistically: shown at once, replaced by the stored message, removed with 'Failed to send message'.

/** Reloads the page's data after live events, one reload at a time, and not while the tab is hidden (reading marks messages read). */
function useCoalescedRevalidation() {
  const revalidator = useRevalidator()
  const wanted = useRef(false)
  const { state, revalidate } = revalidator
  const run = useCallback(() => {
    if (document.visibilityState === 'hidden' || state !== 'idle') {
      wanted.current = true
      return
    }
    wanted.current = false
    void revalidate()
  }, [state, revalidate])
  useEffect(() => {
    if (state === 'idle' && wanted.current && document.visibilityState === 'visible') run()
  }, [state, run])
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && wanted.current) run()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [run])
  return run
}

/** The live socket of a messages screen and its state; null until the page has hydrated. */
export function useLiveSocket() {
  const socket = useHydrated() ? sharedSocket() : null
  const state = useSyncExternalStore<LiveState>(
    (notify) => socket?.on('state', notify) ?? (() => {}),
    () => socket?.state ?? 'idle',
    () => 'idle',
  )
  const refresh = useCoalescedRevalidation()
  const refreshRef = useRef(refresh)
  useEffect(() => {
    refreshRef.current = refresh
  }, [refresh])
  useEffect(() => {
    if (!socket) return
    acquireSocket()
    const reload = () => refreshRef.current()
    const unsubscribe = [
      socket.on('newMessage', reload),
      socket.on('messageStatusUpdate', reload),
      socket.on('reconnected', reload),
    ]
    socket.connect()
    return () => {
      for (const off of unsubscribe) off()
      releaseSocket()
    }
  }, [socket])
  return { socket, state }
}

const byTime = (a: ThreadMessage, b: ThreadMessage) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id)

/**
 * The open thread with what arrived since the page loaded. `appendLive` is false on an older page,
 * where new messages do not belong.
 */
export function useLiveThread({
  socket,
  viewerId,
  partnerId,
  loaded,
  appendLive,
}: {
  socket: LiveSocket | null
  viewerId: string
  partnerId: string
  loaded: readonly MessageJson[]
  appendLive: boolean
}) {
  const [arrived, setArrived] = useState<MessageJson[]>([])
  const [sending, setSending] = useState<ThreadMessage[]>([])
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set())
  const arrivedRef = useRef(arrived)
  useEffect(() => {
    arrivedRef.current = arrived
  }, [arrived])

  useEffect(() => {
    if (!socket) return
    const inThisThread = (message: MessageJson) =>
      (message.sender.id === partnerId && message.recipient.id === viewerId) || (message.sender.id === viewerId && message.recipient.id === partnerId)
    const offMessage = socket.on('newMessage', (data) => {
      const message = data as MessageJson
      if (!appendLive || !inThisThread(message)) return
      setArrived((list) => [...list, message])
      if (message.sender.id === partnerId && document.visibilityState === 'visible') {
        socket.request('markAsRead', { messageIds: [message.id] }).catch(() => showToast({ type: 'error', title: 'Failed to mark messages as read' }))
      }
    })
    const offStatus = socket.on('messageStatusUpdate', (data) => {
      const { messageId } = data as { messageId: string }
      setReadIds((ids) => new Set(ids).add(messageId))
    })
    const offReconnect = socket.on('reconnected', () => {
      const last = [...loaded, ...arrivedRef.current].at(-1)
      if (!last || !appendLive) return
      socket
        .request<{ messages: MessageJson[] }>('sync', { after: last.id })
        .then(({ messages }) => setArrived((list) => [...list, ...messages.filter(inThisThread)]))
        .catch(() => {}) // the page's data reloads after a reconnect anyway
    })
    return () => {
      offMessage()
      offStatus()
      offReconnect()
    }
  }, [socket, viewerId, partnerId, appendLive, loaded])

  const messages = useMemo(() => {
    const stored = new Map<string, ThreadMessage>()
    for (const message of [...loaded, ...arrived]) stored.set(message.id, message)
    const storedClientIds = new Set([...stored.values()].map((message) => message.clientId))
    const shown = [...stored.values(), ...sending.filter((message) => !storedClientIds.has(message.clientId))]
    return shown.map((message) => (readIds.has(message.id) && !message.read ? { ...message, read: true, status: 'read' as const } : message)).sort(byTime)
  }, [loaded, arrived, sending, readIds])

  /** Sends a message; false when it failed (the caller keeps the text). */
  const send = useCallback(
    async (content: string) => {
      const clientId = newClientId()
      const optimistic: ThreadMessage = {
        id: clientId,
        conversationId: '',
        clientId,
        content,
        hidden: false,
        sender: { id: viewerId, name: 'You', profilePhoto: null, bio: null },
        recipient: { id: partnerId },
        read: false,
        status: 'sent',
        readAt: null,
        createdAt: new Date().toISOString(),
        pending: true,
      }
      setSending((list) => [...list, optimistic])
      try {
        const stored = await sendMessage(socket, { recipientId: partnerId, content, clientId })
        setArrived((list) => [...list, stored])
        return true
      } catch (error) {
        showToast({ type: 'error', title: 'Failed to send message', description: error instanceof Error ? error.message : undefined })
        return false
      } finally {
        setSending((list) => list.filter((message) => message.clientId !== clientId))
      }
    },
    [socket, viewerId, partnerId],
  )

  return { messages, send }
}

/**
 * Over the socket; when the socket is down, over HTTP (the same function on the server, the same client
 * id, so a message both paths delivered is stored once).
 */
async function sendMessage(socket: LiveSocket | null, input: { recipientId: string; content: string; clientId: string }): Promise<MessageJson> {
  if (socket && socket.state !== 'closed') {
    try {
      const { message } = await socket.request<{ message: MessageJson }>('sendMessage', input)
      return message
    } catch (error) {
      if (!(error instanceof Error) || error.message !== socketNotConnected) throw error
    }
  }
  const response = await fetch(href('/api/messages'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) })
  const body = (await response.json().catch(() => null)) as (MessageJson & { message?: string }) | null
  if (!response.ok || !body) throw new Error(body?.message ?? socketNotConnected)
  return body
}
