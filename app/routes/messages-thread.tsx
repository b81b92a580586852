import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { viewerClock } from '#app/lib/zoned-time.ts'
import { data, href } from 'react-router'
import type { Route } from './+types/messages-thread'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { BookingDialogButton } from '#app/features/bookings/components/lazy-booking-wizard.tsx'
import { ConversationPane, PartnerNotFound } from '#app/features/messages/components/conversation-pane.tsx'
import { useLiveSocket } from '#app/features/messages/components/live-messages.ts'
import { PartnerPanel } from '#app/features/messages/components/partner-panel.tsx'
import { conversationReportWithNote } from '#app/features/moderation/components/reported-note.tsx'
import { openConversationReport, reportConversation } from '#app/features/moderation/reports.server.ts'
import { loadConversation, openConversation, runConversationAction } from '#app/features/messages/conversation-page.server.ts'
import { retryAfterFromAction } from '#app/lib/rate-limit.server.ts'
import { mainContentId } from '#app/ui/skip-link.tsx'

// /messages/{userId} (spec section 2, Single conversation): a back link, the thread with its send form,
// and beside it (below a disclosure on phones) the partner's real details instead of the spec's
// placeholder panel (DESIGN.md ruling 6). Opening it creates the conversation and reads it.

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    const user = getOptionalUser(context)
    if (user && params.userId && request.method === 'GET') await openConversation(user.id, params.userId)
    return next()
  },
]

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  const [conversation, openReport] = await Promise.all([loadConversation(user, params.userId, url.searchParams.get('before')), openConversationReport(user, params.userId)])
  return data({ viewerId: user.id, conversation, openReport, ...viewerClock(user) }, { status: conversation.status === 'notFound' ? 404 : 200 })
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  return runConversationAction(user, params.userId, await request.formData(), href('/messages/:userId', params), reportConversation)
}

export const headers = retryAfterFromAction

export default function ConversationRoute({ loaderData, actionData, params }: Route.ComponentProps) {
  const { conversation, openReport, viewerId, now, timeZone, zoneOffsets } = loaderData
  knowZoneOffsets(zoneOffsets)
  const live = useLiveSocket()
  const hrefWith = (before: string | null) => `${href('/messages/:userId', params)}${before ? `?${new URLSearchParams({ before })}` : ''}`
  return (
    <main id={mainContentId} tabIndex={-1} className="mx-auto flex outline-none h-[calc(100dvh-5rem)] w-full max-w-5xl md:h-[calc(100dvh-4rem)] md:border-x md:border-stone-200">
      {conversation.status === 'notFound' ? (
        <PartnerNotFound />
      ) : (
        <>
          <ConversationPane
            loaded={conversation}
            viewerId={viewerId}
            now={now}
            timeZone={timeZone}
            actionData={actionData}
            live={live}
            hrefWith={hrefWith}
            layout="single"
            bookButton={BookingDialogButton}
            openReport={conversationReportWithNote(openReport)}
          />
          {conversation.status === 'open' ? (
            <aside aria-label={`About ${conversation.partner.name}`} className="hidden w-80 shrink-0 overflow-y-auto border-l border-stone-200 bg-white p-4 md:block">
              <PartnerPanel partner={conversation.partner} messageCount={conversation.messageCount} bookButton={BookingDialogButton} />
            </aside>
          ) : null}
        </>
      )}
    </main>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const conversation = loaderData?.conversation
  return [{ title: conversation && conversation.status !== 'notFound' ? `${conversation.partner.name} | Messages | Pawpal` : 'User not found | Pawpal' }]
}
