import { LiveSocket } from './live-socket.ts'

// One live socket per tab (DESIGN.md section 5): the signed-in shell holds it on every page (live badges),
// the messages screens use the same one. It closes a moment after its last user lets go (sign-out).

let shared: { socket: LiveSocket; users: number; closeTimer?: ReturnType<typeof setTimeout> } | null = null

export function sharedSocket() {
  if (!shared) {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:'
    shared = { socket: new LiveSocket({ url: `${protocol}//${window.location.host}/ws` }), users: 0 }
  }
  return shared.socket
}

export function acquireSocket() {
  const socket = sharedSocket()
  if (shared) {
    clearTimeout(shared.closeTimer)
    shared.users += 1
  }
  return socket
}

/** Moving from one screen to the next keeps the socket; when nobody holds it, it closes. */
export function releaseSocket() {
  if (!shared) return
  shared.users -= 1
  if (shared.users > 0) return
  const leaving = shared
  leaving.closeTimer = setTimeout(() => {
    leaving.socket.close()
    if (shared === leaving) shared = null
  }, 2000)
}
