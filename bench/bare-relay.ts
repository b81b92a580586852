import { type WebSocket, WebSocketServer } from 'ws'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'

// The yardstick of bench/messages.ts: a bare ws server that relays what the app's socket relays, with
// none of its work (no authentication, validation, rate limit, database or hub): a sendMessage frame is
// acknowledged to its sender and pushed as newMessage to the recipient's socket.
// Usage: node bench/bare-relay.ts <port>; clients connect to ws://127.0.0.1:<port>/?user=<id>.
const port = Number(process.argv[2] ?? 0)
const sockets = new Map<string, WebSocket>()
const server = new WebSocketServer({ port, host: '127.0.0.1', maxPayload: 64 * 1024 })

server.on('connection', (socket, request) => {
  const user = new URL(request.url ?? '/', 'http://localhost').searchParams.get('user') ?? ''
  sockets.set(user, socket)
  socket.on('message', (raw) => {
    const frame = JSON.parse(socketFrameText(raw)) as { event: string; id: number; data: { recipientId: string; content: string } }
    const message = { id: crypto.randomUUID(), content: frame.data.content, sender: { id: user }, recipient: { id: frame.data.recipientId }, createdAt: new Date().toISOString() }
    sockets.get(frame.data.recipientId)?.send(JSON.stringify({ event: 'newMessage', data: message }))
    socket.send(JSON.stringify({ event: 'ack', id: frame.id, data: { message } }))
  })
  socket.on('close', () => sockets.delete(user))
})
server.on('listening', () => console.info(`bare relay on ${port}`))
