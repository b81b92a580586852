import { Form, href, Link } from 'react-router'
import { formatBadgeCount } from '#app/ui/main-nav.ts'
import type { ConversationSummary } from '../conversations.server.ts'
import { formatListTime } from '../message-format.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { CountBadge } from '#app/ui/count-badge.tsx'
import { firstNewRowId, firstNewRowIndex, ShowMoreLink } from '#app/ui/show-more-link.tsx'

// The conversation column of /messages (spec section 2): a search form (a GET form, so it works without
// JavaScript), then the conversations newest first with their unread badges (99+ at most), a page at a time:
// 'Show more' shows the next page under those shown (decision 046). Opening one keeps the list as it is.

export function ConversationList({
  conversations,
  search,
  selectedPartnerId,
  viewerId,
  now,
  timeZone,
  shownThrough,
  moreCursor,
}: {
  conversations: readonly ConversationSummary[]
  search: string
  selectedPartnerId: string | null
  viewerId: string
  now: string
  timeZone: string
  /** The row the page's `?cursor=` named: the list shows everything through it and a page more. */
  shownThrough: { cursor: string; id: string } | null
  /** The cursor of the last row shown, when more follow. */
  moreCursor: string | null
}) {
  const listQuery = { ...(search ? { q: search } : {}), ...(shownThrough ? { cursor: shownThrough.cursor } : {}) }
  const linkTo = (partnerId: string) => `${href('/messages')}?${new URLSearchParams({ userId: partnerId, ...listQuery })}`
  const moreHref = moreCursor
    ? `${href('/messages')}?${new URLSearchParams({ ...(selectedPartnerId ? { userId: selectedPartnerId } : {}), ...(search ? { q: search } : {}), cursor: moreCursor })}`
    : null
  const firstNew = firstNewRowIndex(conversations, shownThrough?.id ?? null)
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Form method="get" action={href('/messages')} role="search" className="flex gap-2 border-b border-stone-200 p-3">
        <label htmlFor="conversation-search" className="sr-only">
          Search conversations
        </label>
        <input
          id="conversation-search"
          type="search"
          name="q"
          defaultValue={search}
          maxLength={100}
          placeholder="Search conversations"
          className="tap-target w-full min-w-0 rounded-lg border border-stone-300 bg-white px-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        {selectedPartnerId ? <input type="hidden" name="userId" value={selectedPartnerId} /> : null}
        <button type="submit" className="tap-target shrink-0 rounded-lg border border-stone-300 bg-white px-3 font-medium text-stone-800 hover:bg-stone-100">
          Search
        </button>
      </Form>
      {conversations.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
          <p className="font-semibold text-stone-800">No conversations found</p>
          {search ? (
            <Link to={href('/messages')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
              Clear search
            </Link>
          ) : (
            <p className="text-sm text-stone-600">Message a sitter from their profile, or an owner from their dog's page, and your conversation appears here.</p>
          )}
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ul aria-label="Conversations" className="divide-y divide-stone-100">
            {conversations.map((conversation, index) => {
              const badge = formatBadgeCount(conversation.unreadCount)
              const selected = conversation.partnerId === selectedPartnerId
              const fromMe = conversation.lastMessage.senderId === viewerId
              return (
                <li key={conversation.id} id={index === firstNew ? firstNewRowId : undefined}>
                  <Link
                    to={linkTo(conversation.partnerId)}
                    aria-current={selected ? 'page' : undefined}
                    className={`flex items-center gap-3 px-3 py-3 ${selected ? 'bg-brand-50' : 'hover:bg-stone-50'}`}
                  >
                    <Avatar photo={conversation.profilePhoto} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span className={`truncate ${badge ? 'font-bold' : 'font-semibold'} text-stone-900`}>
                          <bdi>{conversation.name}</bdi>
                        </span>
                        <span className="ml-auto shrink-0 text-xs text-stone-500">
                          <time dateTime={conversation.lastMessage.createdAt}>{formatListTime(conversation.lastMessage.createdAt, now, timeZone)}</time>
                        </span>
                      </span>
                      <span className="flex items-center gap-2">
                        <span className={`truncate text-sm ${badge ? 'font-medium text-stone-900' : 'text-stone-600'}`}>
                          {fromMe ? 'You: ' : ''}
                          <bdi>{conversation.lastMessage.content}</bdi>
                        </span>
                        {badge ? <CountBadge count={badge} label="unread" className="ml-auto shrink-0 px-1.5 text-xs font-semibold" /> : null}
                      </span>
                    </span>
                  </Link>
                </li>
              )
            })}
          </ul>
          {moreHref ? <ShowMoreLink href={moreHref} label="Show more conversations" /> : null}
        </div>
      )}
    </div>
  )
}
