import nodemailer from 'nodemailer'
import { emailHtml } from './email-html.ts'
import { env } from './env.server.ts'
import { keepEmailLocally } from './local-outbox.server.ts'

export type Email = {
  to: string
  subject: string
  text: string
  /** RFC 8058 one-click unsubscribe URL of the e-mail's kind; none for account e-mails (a password reset). */
  unsubscribeUrl?: string | null
}

const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null
/** A local run without a mail server keeps its e-mails for /local/outbox (lib/local-outbox.server.ts). */
const keptLocally = !transport && env.LOCAL_RUN

/** Sends an e-mail at once (not through the outbox table): a local run keeps it for its outbox page instead. */
export async function sendEmail(email: Email) {
  if (keptLocally) return keepEmailLocally(email)
  await deliverEmail(email)
}

/**
 * Sends through SMTP_URL; without it the message is printed to the server log (development, tests), or, in a
 * local run, goes nowhere: the outbox row it came from, or the one sendEmail wrote, is its record. Every e-mail
 * has a text and an HTML part; one with an unsubscribe URL carries the List-Unsubscribe headers that let a mail
 * client unsubscribe with one click (RFC 8058).
 */
export async function deliverEmail({ unsubscribeUrl, ...email }: Email) {
  if (keptLocally) return
  if (!transport) {
    console.info(`E-mail to ${email.to}: ${email.subject}\n${email.text}`)
    return
  }
  const html = emailHtml(email.text, { subject: email.subject, ownOrigin: new URL(env.PUBLIC_URL).origin })
  const headers = unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined
  await transport.sendMail({ from: env.EMAIL_FROM, ...email, html, headers })
}
