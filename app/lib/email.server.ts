import nodemailer from 'nodemailer'
import { emailHtml } from './email-html.ts'
import { env } from './env.server.ts'

export type Email = {
  to: string
  subject: string
  text: string
  /** RFC 8058 one-click unsubscribe URL of the e-mail's kind; none for account e-mails (a password reset). */
  unsubscribeUrl?: string | null
}

const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null

/**
 * Sends through SMTP_URL; without it the message is printed to the server log (development, tests). Every
 * e-mail has a text and an HTML part; one with an unsubscribe URL carries the List-Unsubscribe headers
 * that let a mail client unsubscribe with one click (RFC 8058).
 */
export async function sendEmail({ unsubscribeUrl, ...email }: Email) {
  if (!transport) {
    console.info(`E-mail to ${email.to}: ${email.subject}\n${email.text}`)
    return
  }
  const html = emailHtml(email.text, { subject: email.subject, ownOrigin: new URL(env.PUBLIC_URL).origin })
  const headers = unsubscribeUrl ? { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined
  await transport.sendMail({ from: env.EMAIL_FROM, ...email, html, headers })
}
