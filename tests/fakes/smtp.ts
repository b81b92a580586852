// A local fake SMTP server on loopback, so e-mail delivery runs for real (nodemailer through SMTP_URL)
// without a mail provider. It keeps every message it accepts, and can refuse the next few with a
// temporary failure (451), as a busy mail server does.
//
// In tests: const smtp = await startFakeSmtp(); process.env.SMTP_URL = smtp.url ... smtp.close()
import { createServer, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export type FakeMail = { from: string; to: string[]; subject: string; text: string; raw: string }

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
          messages.push({ ...envelope, ...parseMessage(raw), raw })
          reply('250 2.0.0 OK: queued')
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

/** Subject and plain text of a single-part message (7bit, quoted-printable or base64). */
function parseMessage(raw: string) {
  const split = raw.indexOf('\r\n\r\n')
  const headerText = (split === -1 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ')
  const body = split === -1 ? '' : raw.slice(split + 4)
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headerText)?.[1]?.trim() ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  let text = body
  if (encoding === 'quoted-printable') {
    const bytes = Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      'latin1',
    )
    text = bytes.toString('utf8')
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  return { subject: decodeWords(header('Subject')), text: text.replace(/\r\n/g, '\n') }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=) in a header. */
function decodeWords(value: string) {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
  )
}
