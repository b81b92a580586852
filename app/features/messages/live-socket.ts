// The browser's end of the live socket (DESIGN.md section 5), small enough for the JavaScript budget:
// requests with acks, pushed events, and a connection that comes back by itself (spec section 9: up to
// 5 reconnect attempts, 1 s apart, 10 s to connect or to answer). Requests made while it reconnects wait
// and go out once it is back; requests sent but not answered when it dropped go out again, unchanged
// (a message keeps its client id, so the server stores it once). When it gives up, waiting requests
// fail with 'Socket not connected' (spec section 8).

export const socketNotConnected = 'Socket not connected'

export type LiveSocketOptions = {
  url: string
  reconnectAttempts?: number
  reconnectDelayMs?: number
  timeoutMs?: number
  /** Tests hand in a fake; the browser's WebSocket otherwise. */
  createSocket?: (url: string) => WebSocket
}

export type LiveState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed'

type Request = { frame: string; resolve: (data: unknown) => void; reject: (error: Error) => void; timer: ReturnType<typeof setTimeout> }
type Listener = (data: unknown) => void

/** Pushed events, plus the socket's own: `state` (a LiveState) and `reconnected` (after a drop). */
export type LiveEvent = PushedEvent | 'state' | 'reconnected' | 'unauthorized'
type PushedEvent = 'newMessage' | 'messageStatusUpdate' | 'bookingUpdate' | 'counts'
const pushedEvents: readonly unknown[] = ['newMessage', 'messageStatusUpdate', 'bookingUpdate', 'counts'] satisfies PushedEvent[]

/**
 * Close codes after which coming back is pointless: the session ended (4401), the server refused
 * (1008), or the user opened too many sockets and this was the oldest (4429: coming back would close
 * another tab's). A request made later connects again.
 */
const finalCloseCodes = new Set([4401, 1008, 4429])

export class LiveSocket {
  state: LiveState = 'idle'
  private socket: WebSocket | null = null
  private requests = new Map<number, Request>()
  private listeners = new Map<LiveEvent, Set<Listener>>()
  private lastId = 0
  private attempts = 0
  private everOpened = false
  private stopped = false
  private readonly options: Required<LiveSocketOptions>

  constructor(options: LiveSocketOptions) {
    this.options = {
      reconnectAttempts: 5,
      reconnectDelayMs: 1000,
      timeoutMs: 10_000,
      createSocket: (url) => new WebSocket(url),
      ...options,
    }
  }

  /** Connects unless connected or connecting; after giving up, starts over with fresh attempts. */
  connect() {
    this.stopped = false
    if (this.state === 'idle' || this.state === 'closed') {
      this.attempts = 0
      this.open()
    }
  }

  /** Sends an event and resolves with its ack's data, or rejects with its error. */
  request<T = unknown>(event: string, data: unknown): Promise<T> {
    this.connect()
    const id = ++this.lastId
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.settle(id, new Error(this.state === 'open' ? 'The server did not answer' : socketNotConnected)), this.options.timeoutMs)
      this.requests.set(id, { frame: JSON.stringify({ event, id, data }), resolve: resolve as (data: unknown) => void, reject, timer })
      if (this.state === 'open') this.socket?.send(this.requests.get(id)!.frame)
    })
  }

  on(event: LiveEvent, listener: Listener) {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return () => void set.delete(listener)
  }

  close() {
    this.stopped = true
    this.socket?.close()
    this.socket = null
    this.failAll()
    this.setState('idle')
  }

  private open() {
    this.setState(this.everOpened || this.attempts > 0 ? 'reconnecting' : 'connecting')
    const socket = this.options.createSocket(this.options.url)
    this.socket = socket
    const giveUpTimer = setTimeout(() => socket.close(), this.options.timeoutMs)
    socket.onopen = () => {
      clearTimeout(giveUpTimer)
      const reconnected = this.everOpened
      this.everOpened = true
      this.attempts = 0
      this.setState('open')
      for (const request of this.requests.values()) socket.send(request.frame)
      if (reconnected) this.emit('reconnected', null)
    }
    socket.onmessage = (message) => this.receive(String(message.data))
    socket.onclose = (event) => {
      clearTimeout(giveUpTimer)
      if (this.socket !== socket || this.stopped) return
      this.socket = null
      if (finalCloseCodes.has(event.code)) {
        this.failAll()
        this.setState('closed')
        if (event.code === 4401) this.emit('unauthorized', null)
        return
      }
      if (this.attempts >= this.options.reconnectAttempts) {
        this.failAll()
        return this.setState('closed')
      }
      this.attempts += 1
      this.setState('reconnecting')
      setTimeout(() => {
        if (!this.stopped && this.state === 'reconnecting') this.open()
      }, this.options.reconnectDelayMs)
    }
  }

  private receive(text: string) {
    let frame: { event?: unknown; id?: unknown; data?: unknown; error?: unknown }
    try {
      frame = JSON.parse(text) as typeof frame
    } catch {
      return
    }
    if (frame.event === 'ack' && typeof frame.id === 'number') {
      return this.settle(frame.id, typeof frame.error === 'string' ? new Error(frame.error) : null, frame.data)
    }
    if (pushedEvents.includes(frame.event)) this.emit(frame.event as PushedEvent, frame.data)
  }

  private settle(id: number, error: Error | null, data?: unknown) {
    const request = this.requests.get(id)
    if (!request) return
    this.requests.delete(id)
    clearTimeout(request.timer)
    if (error) request.reject(error)
    else request.resolve(data)
  }

  private failAll() {
    for (const id of [...this.requests.keys()]) this.settle(id, new Error(socketNotConnected))
  }

  private setState(state: LiveState) {
    if (this.state === state) return
    this.state = state
    this.emit('state', state)
  }

  private emit(event: LiveEvent, data: unknown) {
    for (const listener of this.listeners.get(event) ?? []) listener(data)
  }
}

/** A random UUID (v4) where `crypto.randomUUID` is missing (pages served over plain http to a LAN address). */
export function newClientId() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
