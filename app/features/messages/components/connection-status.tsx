import type { LiveSocket, LiveState } from '../live-socket.ts'

// Says when live updates stop: while the socket reconnects, and after it gave up (messages still send,
// over HTTP; the button tries again).
export function ConnectionStatus({ socket, state }: { socket: LiveSocket | null; state: LiveState }) {
  if (state === 'reconnecting') {
    return (
      <p role="status" className="bg-amber-50 px-3 py-1.5 text-center text-sm text-amber-900">
        Reconnecting...
      </p>
    )
  }
  if (state !== 'closed') return null
  return (
    <div role="status" className="flex items-center justify-center gap-3 bg-amber-50 px-3 py-1 text-sm text-amber-900">
      <span>Live updates are paused.</span>
      <button type="button" onClick={() => socket?.connect()} className="tap-target rounded-lg px-2 font-medium underline underline-offset-4">
        Reconnect
      </button>
    </div>
  )
}
