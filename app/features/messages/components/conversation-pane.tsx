import { Form, href, Link } from 'react-router'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { Button } from '#app/ui/button.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import type { ConversationFormReply, LoadedConversation } from '../conversation-page.server.ts'
import type { LiveSocket, LiveState } from '../live-socket.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { Composer } from './composer.tsx'
import { ConnectionStatus } from './connection-status.tsx'
import { ConversationOptions, type OpenReport } from './conversation-options.tsx'
import { useLiveThread } from './live-messages.ts'
import { type BookButton, bookButtonClass, offersBooking, PartnerPanel } from './partner-panel.tsx'
import { Thread } from './thread.tsx'

// One conversation as both messages screens show it: open (the thread and its forms), blocked (who
// blocked whom, and Unblock for the one who did), or a partner who is not there.


type PaneProps = {
  loaded: Exclude<LoadedConversation, { status: 'notFound' }>
  viewerId: string
  now: string
  timeZone: string
  actionData: ConversationFormReply | undefined
  /** This conversation's address with `before` (an older page) or without it (the newest). */
  hrefWith: (before: string | null) => string
  /** 'inbox': beside the list (/messages?userId=); 'single': the page of its own (/messages/{userId}). */
  layout: 'inbox' | 'single'
  /** The screen's live socket (JavaScript only). */
  live: { socket: LiveSocket | null; state: LiveState }
  /** The partner panel's Book button (bookings' booking dialog). */
  bookButton: BookButton
  /** The viewer's open report of this conversation (moderation), shown in place of the Report form. */
  openReport: OpenReport | null
}

export function ConversationPane(props: PaneProps) {
  const { loaded } = props
  if (loaded.status === 'blocked') return <BlockedConversation loaded={loaded} />
  return <OpenConversation {...props} loaded={loaded} />
}

function OpenConversation({ loaded, viewerId, now, timeZone, actionData, hrefWith, layout, live, bookButton: BookButton, openReport }: PaneProps & { loaded: Extract<LoadedConversation, { status: 'open' }> }) {
  const { partner } = loaded
  // Where the partner panel is not beside the thread (it folds under the header), Book sits in the header.
  const narrowOnly = layout === 'inbox' ? 'lg:hidden' : 'md:hidden'
  const thread = useLiveThread({ socket: live.socket, viewerId, partnerId: partner.id, loaded: loaded.messages, appendLive: !loaded.showingOlder })
  return (
    <Thread
      partner={partner}
      backLink={{ to: href('/messages'), hideFrom: layout === 'inbox' ? 'md' : undefined }}
      headingLevel={layout === 'inbox' ? 2 : 1}
      action={
        offersBooking(partner, loaded.messageCount) ? (
          <BookButton sitterId={partner.id} firstName={firstNameOf(partner.name)} className={`${bookButtonClass} shrink-0 ${narrowOnly}`} />
        ) : null
      }
      options={<ConversationOptions partnerName={partner.name} reportReply={actionData?.intent === 'report' ? actionData : undefined} openReport={openReport} />}
      messages={thread.messages}
      olderHref={loaded.olderCursor ? hrefWith(loaded.olderCursor) : null}
      newestHref={loaded.showingOlder ? hrefWith(null) : null}
      viewerId={viewerId}
      now={now}
      timeZone={timeZone}
      composer={
        <>
          <ConnectionStatus socket={live.socket} state={live.state} />
          <Composer
            clientId={loaded.formClientId}
            reply={actionData?.intent === 'send' ? actionData : undefined}
            onSend={live.socket ? thread.send : undefined}
          />
        </>
      }
      aside={
        <details className={`group border-b border-stone-200 bg-white ${narrowOnly}`}>
          <summary className="tap-target flex cursor-pointer list-none items-center justify-between px-4 text-sm font-medium text-stone-700">
            <span>
              About <bdi>{partner.name}</bdi>
            </span>
            <span aria-hidden className="text-stone-500 group-open:rotate-180">
              ▾
            </span>
          </summary>
          <div className="max-h-[50dvh] overflow-y-auto px-4 pb-4">
            <PartnerPanel partner={partner} messageCount={loaded.messageCount} />
          </div>
        </details>
      }
    />
  )
}

function BlockedConversation({ loaded }: { loaded: Extract<LoadedConversation, { status: 'blocked' }> }) {
  const { partner, blockedByMe } = loaded
  return (
    <section aria-label={`Conversation with ${partner.name}`} className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <Avatar photo={partner.profilePhoto} size="lg" />
      <h1 className="text-xl font-semibold">
        <bdi>{partner.name}</bdi>
      </h1>
      {blockedByMe ? (
        <>
          <p className="max-w-sm text-stone-600">
            You blocked <bdi>{partner.name}</bdi>. Neither of you can message or book the other, and your conversation is hidden.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="unblock" />
            <Button type="submit" variant="secondary" className="tap-target">
              Unblock <bdi>{partner.name}</bdi>
            </Button>
          </Form>
        </>
      ) : (
        <p className="max-w-sm text-stone-600">
          You can&apos;t exchange messages with <bdi>{partner.name}</bdi>.
        </p>
      )}
      <Link to={href('/messages')} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
        Back to messages
      </Link>
    </section>
  )
}

export function PartnerNotFound() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center">
      <EmptyState
        title="User not found"
        description="This person is not on Pawpal, or their account is closed."
        action={
          <Link to={href('/messages')} className="tap-target inline-flex items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
            Back to messages
          </Link>
        }
      />
    </div>
  )
}
