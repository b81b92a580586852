import { data } from 'react-router'
import type { Route } from './+types/local-outbox'
import { formatNotificationTime } from '#app/features/notifications/notification-format.ts'
import { isOwnLink } from '#app/lib/email-html.ts'
import { env } from '#app/lib/env.server.ts'
import { listLocalOutbox, localOutboxPageSize } from '#app/lib/local-outbox.server.ts'
import { defaultTimeZone } from '#app/lib/zoned-time.ts'
import { EmptyState } from '#app/ui/data-states.tsx'
import { Page } from '#app/ui/page.tsx'

// /local/outbox (decision 073): the e-mails a local run (LOCAL_RUN) would have sent, newest first: to whom, the
// subject, when, and the text, its links to this site clickable. Anyone who reaches the server may read them,
// reset links included, so the page exists only in a local run: 404 otherwise.

export async function loader() {
  if (!env.LOCAL_RUN) throw data(null, { status: 404 })
  const ownOrigin = new URL(env.PUBLIC_URL).origin
  const emails = await listLocalOutbox()
  return {
    emails: emails.map((email) => ({
      id: email.id,
      to: email.recipient,
      subject: email.subject,
      at: email.createdAt,
      lines: email.body.split('\n').map((text) => ({ text, isLink: isOwnLink(text, ownOrigin) })),
    })),
    shownAtMost: localOutboxPageSize,
    now: new Date().toISOString(),
  }
}

export default function LocalOutboxRoute({ loaderData }: Route.ComponentProps) {
  const { emails, shownAtMost, now } = loaderData
  return (
    <Page width="regular" className="flex flex-col gap-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold">Local outbox</h1>
        <p className="text-stone-600">
          This local run sends no e-mail: the newest {shownAtMost} it would have sent are here, newest first. Reload to see new ones.
        </p>
      </div>
      {emails.length === 0 ? (
        <EmptyState title="No e-mails yet" description="A password reset or a booking request sends one." />
      ) : (
        <ol aria-label="E-mails" className="flex flex-col gap-4">
          {emails.map((email) => (
            <li key={email.id}>
              <article aria-labelledby={`email-${email.id}`} className="space-y-2 rounded-xl border border-stone-200 bg-white px-4 py-3">
                <header className="space-y-0.5">
                  <h2 id={`email-${email.id}`} className="font-semibold break-words">
                    {email.subject}
                  </h2>
                  <p className="text-sm text-stone-600">
                    To <bdi>{email.to}</bdi>
                    {', '}
                    <time dateTime={email.at}>{formatNotificationTime(email.at, now, defaultTimeZone)}</time>
                  </p>
                </header>
                <p className="text-sm whitespace-pre-line break-words text-stone-800">
                  {email.lines.map((line, index) => (
                    <span key={index}>
                      {index > 0 ? '\n' : null}
                      {line.isLink ? (
                        <a href={line.text} className="text-brand-700 underline underline-offset-4">
                          {line.text}
                        </a>
                      ) : (
                        line.text
                      )}
                    </span>
                  ))}
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Local outbox | Pawpal' }]
