// A local fake SMTP server on loopback, so e-mail delivery runs for real (nodemailer through SMTP_URL)
// without a mail provider. It keeps every message it accepts, and can refuse the next few with a
// temporary failure (451), as a busy mail server does.
//
// In tests: const smtp = await startFakeSmtp(); process.env.SMTP_URL = smtp.url ... smtp.close()
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'

/** A received message: the envelope, and its parts and headers as a mail client reads them (mailparser). */
export type FakeMail = {
  from: string
  to: string[]
  subject: string
  /** The text part (line breaks as LF). */
  text: string
  /** The HTML part, or null when the message has none. */
  html: string | null
  /** Every header, by lower-case name (the last one when a header repeats). */
  headers: Map<string, string>
  raw: string
}

export async function startFakeSmtp() {
  const messages: FakeMail[] = []
  let refuseNext = 0
  const sockets = new Set<Socket>()

  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.setEncoding('utf8')
    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffer = ''
    let inData = false
    let envelope: { from: string; to: string[] } = { from: '', to: [] }
    reply('220 fake-smtp.local ESMTP ready')

    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end === -1) return
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.')
          buffer = buffer.slice(end + 5)
          inData = false
          const from = envelope
          // Parsed before the reply, so a sent message is in `messages` when the sender hears it was accepted.
          void parseMessage(raw).then((parsed) => {
            messages.push({ ...from, ...parsed, raw })
            reply('250 2.0.0 OK: queued')
          })
          continue
        }
        const newline = buffer.indexOf('\r\n')
        if (newline === -1) return
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 2)
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO') {
          socket.write('250-fake-smtp.local\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n')
        } else if (command === 'HELO' || command === 'NOOP') {
          reply('250 OK')
        } else if (command === 'MAIL') {
          if (refuseNext > 0) {
            refuseNext--
            reply('451 4.3.0 Temporary local problem, try again later')
          } else {
            envelope = { from: address(line), to: [] }
            reply('250 2.1.0 OK')
          }
        } else if (command === 'RCPT') {
          envelope.to.push(address(line))
          reply('250 2.1.5 OK')
        } else if (command === 'DATA') {
          inData = true
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (command === 'RSET') {
          envelope = { from: '', to: [] }
          reply('250 OK')
        } else if (command === 'QUIT') {
          reply('221 Bye')
          socket.end()
        } else {
          reply('502 5.5.2 Command not recognised')
        }
      }
    })
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo

  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Every accepted message, oldest first (a live array). */
    messages,
    /** The next `count` messages are refused with 451 (a temporary failure). */
    refuseNext(count = 1) {
      refuseNext = count
    },
    close() {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type FakeSmtp = Awaited<ReturnType<typeof startFakeSmtp>>

const address = (line: string) => /<([^>]*)>/.exec(line)?.[1] ?? ''

async function parseMessage(raw: string) {
  const mail = await simpleParser(raw)
  const headers = new Map<string, string>()
  for (const line of mail.headerLines) headers.set(line.key, line.line.slice(line.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim())
  return { subject: mail.subject ?? '', text: (mail.text ?? '').replace(/\r\n/g, '\n'), html: mail.html || null, headers }
}
