import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Avatar } from '#app/ui/avatar.tsx'
import { MessageBubbles, type ThreadMessage } from './message-bubbles.tsx'

// A conversation: its header (back link, partner, options), the messages and the send form. The message
// area is a reversed flex column, so the browser opens it scrolled to the newest message, also without
// JavaScript; the 'older messages' link pages back through the thread.

export function Thread({
  partner,
  backLink,
  options,
  action,
  messages,
  olderHref,
  newestHref,
  viewerId,
  now,
  timeZone,
  composer,
  aside,
  headingLevel,
}: {
  partner: { id: string; name: string; profilePhoto: string | null }
  /** Where 'Back to messages' leads, and from which width it hides (where the list is beside the thread). */
  backLink: { to: string; hideFrom?: 'md' }
  options: ReactNode
  /** Beside the partner's name (Book, where no panel beside the thread carries it). */
  action?: ReactNode
  messages: readonly ThreadMessage[]
  olderHref: string | null
  /** Set while an older page is shown. */
  newestHref: string | null
  viewerId: string
  now: string
  timeZone: string
  composer: ReactNode
  /** Shown under the header on narrow screens (the partner's details). */
  aside?: ReactNode
  /** h1 on a page of its own, h2 beside the list (whose heading is the page's). */
  headingLevel: 1 | 2
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2'
  return (
    <section aria-label={`Conversation with ${partner.name}`} className="flex min-h-0 min-w-0 flex-1 flex-col bg-stone-50">
      <header className="relative flex items-center gap-2 border-b border-stone-200 bg-white px-2 py-1.5">
        <Link
          to={backLink.to}
          className={`tap-target inline-flex shrink-0 items-center justify-center rounded-lg px-2 text-sm font-medium text-brand-700 hover:bg-stone-100 ${backLink.hideFrom === 'md' ? 'md:hidden' : ''}`}
        >
          <span aria-hidden className="text-lg leading-none sm:mr-1 sm:text-sm">
            ←
          </span>
          {/* A phone keeps the header's room for the partner's name (and Book): the arrow says it. */}
          <span className="max-sm:sr-only">Back to messages</span>
        </Link>
        <div className="flex min-w-0 flex-1 items-center gap-2">
          <Avatar photo={partner.profilePhoto} />
          <Heading className="truncate font-semibold">
            <bdi>{partner.name}</bdi>
          </Heading>
        </div>
        {action}
        <details className="group">
          <summary className="tap-target flex cursor-pointer list-none items-center justify-center rounded-lg px-2 text-stone-700 hover:bg-stone-100" aria-label="Conversation options">
            <span aria-hidden className="text-xl leading-none">
              ⋯
            </span>
          </summary>
          <div className="absolute top-full right-2 z-20 mt-1 max-h-[70dvh] w-80 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-xl border border-stone-200 bg-stone-50 p-2 shadow-lg">
            {options}
          </div>
        </details>
      </header>
      {aside}
      {/* Focusable and named, so a keyboard can scroll the history and a screen reader says what it is. */}
      <section
        id="thread-scroller"
        tabIndex={0}
        aria-label="Message history"
        className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto px-3 py-3 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset"
      >
        <div className="space-y-3">
          {olderHref ? (
            <div className="text-center">
              <Link to={olderHref} className="tap-target inline-flex items-center rounded-full px-3 text-sm font-medium text-brand-700 hover:bg-stone-100">
                Show older messages
              </Link>
            </div>
          ) : null}
          {messages.length === 0 ? (
            <p className="py-10 text-center text-stone-600">No messages yet. Start the conversation!</p>
          ) : (
            <MessageBubbles messages={messages} viewerId={viewerId} now={now} timeZone={timeZone} />
          )}
          {newestHref ? (
            <div className="text-center">
              <Link to={newestHref} className="tap-target inline-flex items-center rounded-full px-3 text-sm font-medium text-brand-700 hover:bg-stone-100">
                Show newest messages
              </Link>
            </div>
          ) : null}
        </div>
      </section>
      {composer}
    </section>
  )
}
