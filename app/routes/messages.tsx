import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { viewerClock } from '#app/lib/zoned-time.ts'
import { data, href } from 'react-router'
import type { Route } from './+types/messages'
import { getOptionalUser } from '#app/features/accounts/user-context.ts'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { BookingDialogButton } from '#app/features/bookings/components/lazy-booking-wizard.tsx'
import { ConversationList } from '#app/features/messages/components/conversation-list.tsx'
import { ConversationPane, PartnerNotFound } from '#app/features/messages/components/conversation-pane.tsx'
import { useLiveSocket } from '#app/features/messages/components/live-messages.ts'
import { MessagingTips } from '#app/features/messages/components/messaging-tips.tsx'
import { PartnerPanel } from '#app/features/messages/components/partner-panel.tsx'
import { conversationReportWithNote } from '#app/features/moderation/components/reported-note.tsx'
import { openConversationReport, reportConversation } from '#app/features/moderation/reports.server.ts'
import { loadConversation, openConversation, runConversationAction } from '#app/features/messages/conversation-page.server.ts'
import { listConversationsFor } from '#app/features/messages/conversations.server.ts'
import { conversationListName, ConversationSearchSchema } from '#app/features/messages/schema.ts'
import { readPageCursor, showMoreState } from '#app/lib/keyset-paging.ts'
import { retryAfterFromAction } from '#app/lib/rate-limit.server.ts'
import { mainContentId } from '#app/ui/skip-link.tsx'

// /messages (spec section 2): the conversation list with its search and unread badges; `?userId=` selects
// (and on the first visit creates) the conversation with that user, shown beside the list with the
// partner panel on wide screens, alone on phones. Without a selection the wide screen shows tips. The list
// shows a page of conversations; 'Show more' (`?cursor=`) shows them through that row and a page more.

const selectedPartner = (url: URL) => url.searchParams.get('userId') || null

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const user = getOptionalUser(context)
    const partnerId = selectedPartner(new URL(request.url))
    if (user && partnerId && request.method === 'GET') await openConversation(user.id, partnerId)
    return next()
  },
]

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  const search = ConversationSearchSchema.safeParse({ q: url.searchParams.get('q') ?? undefined }).data?.q ?? ''
  const partnerId = selectedPartner(url)
  const shownThrough = readPageCursor(url.searchParams, conversationListName)
  const clock = viewerClock(user)
  const [list, conversation, openReport] = await Promise.all([
    listConversationsFor(user.id, { search, position: { through: shownThrough } }),
    partnerId ? loadConversation(user, partnerId, url.searchParams.get('before')) : null,
    partnerId ? openConversationReport(user, partnerId) : null,
  ])
  return {
    viewerId: user.id,
    conversations: list.conversations,
    ...showMoreState(shownThrough, list.next),
    search,
    partnerId,
    conversation,
    openReport,
    ...clock,
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  const partnerId = selectedPartner(url)
  if (!partnerId) throw data('Choose a conversation', { status: 400 })
  return runConversationAction(user, partnerId, await request.formData(), `${href('/messages')}?${new URLSearchParams({ userId: partnerId })}`, reportConversation)
}

export const headers = retryAfterFromAction

export default function MessagesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, openReport, partnerId, search, viewerId, now, timeZone, moreCursor, shownThrough, zoneOffsets } = loaderData
  knowZoneOffsets(zoneOffsets)
  const live = useLiveSocket()
  const listCursor: Record<string, string> = shownThrough ? { cursor: shownThrough.cursor } : {}
  const hrefWith = (before: string | null) =>
    `${href('/messages')}?${new URLSearchParams({ userId: partnerId ?? '', ...(search ? { q: search } : {}), ...listCursor, ...(before ? { before } : {}) })}`
  return (
    <main id={mainContentId} tabIndex={-1} className="mx-auto flex outline-none h-[calc(100dvh-5rem)] w-full max-w-7xl md:h-[calc(100dvh-4rem)] md:border-x md:border-stone-200">
      {/* A phone shows the open conversation alone, the list and its title hidden: the page keeps its heading. */}
      {partnerId ? <h1 className="sr-only">Messages</h1> : null}
      <div className={`${partnerId ? 'hidden md:flex' : 'flex'} w-full min-w-0 flex-col border-stone-200 bg-white md:w-80 md:border-r lg:w-96`}>
        {partnerId ? (
          <p aria-hidden className="px-4 pt-4 text-2xl font-bold">
            Messages
          </p>
        ) : (
          <h1 className="px-4 pt-4 text-2xl font-bold">Messages</h1>
        )}
        <ConversationList
          conversations={loaderData.conversations}
          search={search}
          selectedPartnerId={partnerId}
          viewerId={viewerId}
          now={now}
          timeZone={timeZone}
          shownThrough={shownThrough}
          moreCursor={moreCursor}
        />
      </div>
      <div className={`${partnerId ? 'flex' : 'hidden md:flex'} min-w-0 flex-1 flex-col`}>
        {!conversation ? (
          <MessagingTips />
        ) : conversation.status === 'notFound' ? (
          <PartnerNotFound />
        ) : (
          <ConversationPane
            loaded={conversation}
            viewerId={viewerId}
            now={now}
            timeZone={timeZone}
            actionData={actionData}
            live={live}
            hrefWith={hrefWith}
            layout="inbox"
            bookButton={BookingDialogButton}
            openReport={conversationReportWithNote(openReport)}
          />
        )}
      </div>
      {conversation?.status === 'open' ? (
        <aside aria-label={`About ${conversation.partner.name}`} className="hidden w-80 shrink-0 overflow-y-auto border-l border-stone-200 bg-white p-4 lg:block">
          <PartnerPanel partner={conversation.partner} messageCount={conversation.messageCount} bookButton={BookingDialogButton} />
        </aside>
      ) : null}
    </main>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const conversation = loaderData?.conversation
  const name = conversation && conversation.status !== 'notFound' ? conversation.partner.name : null
  return [{ title: name ? `${name} | Messages | Pawpal` : 'Messages | Pawpal' }]
}
