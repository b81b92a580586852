import { Fragment } from 'react'
import { linkify } from '../linkify.ts'
import { formatClock, formatDayHeading, isSameDay } from '../message-format.ts'
import type { MessageJson } from '../message-json.ts'

// A thread's messages, oldest first, under day headings. The viewer's own messages sit on the right with
// their receipt (Sending... / Sent / Read); text is text, and only http(s) addresses are links.

export type ThreadMessage = MessageJson & { /** Shown before the server stored it (JavaScript only). */ pending?: boolean }

export function MessageBubbles({ messages, viewerId, now, timeZone }: { messages: readonly ThreadMessage[]; viewerId: string; now: string; timeZone: string }) {
  return (
    <ol aria-label="Messages" className="space-y-1.5">
      {messages.map((message, index) => {
        const previous = messages[index - 1]
        const mine = message.sender.id === viewerId
        return (
          <Fragment key={message.clientId ?? message.id}>
            {!previous || !isSameDay(previous.createdAt, message.createdAt, timeZone) ? (
              <li aria-hidden className="py-2 text-center text-xs font-medium text-stone-500">
                {formatDayHeading(message.createdAt, now, timeZone)}
              </li>
            ) : null}
            <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`} data-message-id={message.pending ? undefined : message.id}>
              <div className={`max-w-[80%] rounded-2xl px-3.5 py-2 ${mine ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md bg-white text-stone-900 ring-1 ring-stone-200'}`}>
                <p className="break-words whitespace-pre-wrap">
                  <span className="sr-only">{mine ? 'You' : <bdi>{message.sender.name}</bdi>}: </span>
                  <bdi>
                    <MessageText content={message.content} mine={mine} />
                  </bdi>
                </p>
                <p className={`mt-0.5 text-right text-[11px] ${mine ? 'text-brand-100' : 'text-stone-500'}`}>
                  <time dateTime={message.createdAt}>{formatClock(message.createdAt, timeZone)}</time>
                  {mine ? <span> · {message.pending ? 'Sending...' : message.read ? 'Read' : 'Sent'}</span> : null}
                </p>
              </div>
            </li>
          </Fragment>
        )
      })}
    </ol>
  )
}

function MessageText({ content, mine }: { content: string; mine: boolean }) {
  return linkify(content).map((part, index) =>
    part.kind === 'text' ? (
      <Fragment key={index}>{part.text}</Fragment>
    ) : (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className={`underline underline-offset-2 ${mine ? 'text-white' : 'text-brand-700'}`}
      >
        {part.text}
      </a>
    ),
  )
}
