import { data, Form, href, Link } from 'react-router'
import type { Route } from './+types/unsubscribe'
import { kindLabels, unsubscribeLinkLifetimeDays } from '#app/features/notification-settings/kinds.ts'
import { readUnsubscribeToken, unsubscribe } from '#app/features/notification-settings/unsubscribe.server.ts'
import { Button } from '#app/ui/button.tsx'
import { Page } from '#app/ui/page.tsx'

// /unsubscribe/{token}: the link at the end of every e-mail and its List-Unsubscribe header (RFC 8058).
// Opening it only asks (mail scanners open links); the button, or the mail client's one-click POST
// (`List-Unsubscribe=One-Click`), turns that kind of e-mail off. No sign-in: the token is signed. A link
// past its lifetime answers 410 with the way to the settings.

const refusedStatus = { invalid: 404, expired: 410 } as const

export function loader({ params }: Route.LoaderArgs) {
  const link = readUnsubscribeToken(params.token)
  if (link.status !== 'valid') return data({ kind: null, expired: link.status === 'expired' }, { status: refusedStatus[link.status] })
  return { kind: link.kind, expired: false }
}

export async function action({ params }: Route.ActionArgs) {
  const link = await unsubscribe(params.token)
  if (link.status !== 'valid') return data({ unsubscribed: null }, { status: refusedStatus[link.status] })
  return { unsubscribed: link.kind }
}

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  const kind = actionData?.unsubscribed ?? loaderData.kind
  if (!kind && loaderData.expired) {
    return (
      <Page width="narrow" className="space-y-4">
        <h1 className="text-2xl font-bold">This link has expired</h1>
        <p className="text-stone-600">{`Unsubscribe links work for ${unsubscribeLinkLifetimeDays} days after their e-mail. You can choose which e-mails you get on your profile.`}</p>
        <SettingsLink />
      </Page>
    )
  }
  if (!kind) {
    return (
      <Page width="narrow" className="space-y-4">
        <h1 className="text-2xl font-bold">This link does not work</h1>
        <p className="text-stone-600">It may be incomplete. You can choose which e-mails you get on your profile.</p>
        <SettingsLink />
      </Page>
    )
  }
  const topic = kindLabels[kind].title.toLowerCase()
  return (
    <Page width="narrow" className="space-y-4">
      {actionData?.unsubscribed ? (
        <>
          <h1 className="text-2xl font-bold">Unsubscribed</h1>
          <p role="status">{`You will no longer get e-mails about ${topic}. You still see them on Pawpal.`}</p>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold">{`Stop e-mails about ${topic}?`}</h1>
          <p className="text-stone-600">{kindLabels[kind].detail}. You will still see them on Pawpal.</p>
          <Form method="post">
            <Button type="submit">Unsubscribe</Button>
          </Form>
        </>
      )}
      <SettingsLink />
    </Page>
  )
}

function SettingsLink() {
  return (
    <p>
      <Link to={`${href('/profile/edit')}#notifications`} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
        Choose your notifications
      </Link>
    </p>
  )
}

export const meta = () => [{ title: 'Unsubscribe | Pawpal' }, { name: 'robots', content: 'noindex' }]
