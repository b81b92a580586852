import nodemailer from 'nodemailer'
import { env } from './env.server.ts'

export type Email = { to: string; subject: string; text: string }

const transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null

/** Sends through SMTP_URL; without it the message is printed to the server log (development, tests). */
export async function sendEmail(email: Email) {
  if (!transport) {
    console.info(`E-mail to ${email.to}: ${email.subject}\n${email.text}`)
    return
  }
  await transport.sendMail({ from: env.EMAIL_FROM, ...email })
}
