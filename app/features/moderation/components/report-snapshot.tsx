import { formatBookingDate, historyLabels } from '#app/features/bookings/booking-format.ts'
import { StatusBadge } from '#app/features/bookings/components/status-badge.tsx'
import { formatNotificationTime } from '#app/features/notifications/notification-format.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { alarmLabel, checkInPlaceLabel } from '#app/features/visits/visit-format.ts'
import { entryLabels } from '#app/features/visits/visit-rules.ts'
import { StarRating } from '#app/features/reviews/components/star-rating.tsx'
import { imageSrcSet, imageUrl } from '#app/lib/image-url.ts'
import type { BookingSnapshot, ReportSnapshot } from '../reports.server.ts'
import { Tag } from './admin-nav.tsx'

// What was reported, as the reporter saw it when they reported it (the report's snapshot, never the live
// content): a conversation's reported messages and the ones before them, a sitter's profile, a review with
// its stars, a dog listed for sitting with its photos, a booking with its history and its visit log.

type When = { now: string; timeZone: string }

export function ReportSnapshotView({ snapshot, now, timeZone }: { snapshot: ReportSnapshot } & When) {
  if (snapshot.kind === 'conversation') return <ConversationSnapshot messages={snapshot.messages} now={now} timeZone={timeZone} />
  if (snapshot.kind === 'sitter') {
    const photo = imageUrl(snapshot.profilePhoto, 320)
    return (
      <div className="flex gap-4">
        {photo ? <img src={photo} alt={`${snapshot.name}'s profile photo`} className="size-20 shrink-0 rounded-full object-cover" /> : null}
        <div className="min-w-0 space-y-1">
          <p className="text-lg font-semibold">
            <bdi>{snapshot.name}</bdi>
          </p>
          {snapshot.location ? <p className="text-sm text-stone-600">{snapshot.location}</p> : null}
          <p className="whitespace-pre-line text-stone-800">{snapshot.bio || <span className="text-stone-500">No bio</span>}</p>
        </div>
      </div>
    )
  }
  if (snapshot.kind === 'booking') return <BookingSnapshotView snapshot={snapshot} now={now} timeZone={timeZone} />
  if (snapshot.kind === 'review') {
    return (
      <figure className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <StarRating rating={snapshot.rating} className="size-5" />
          <span className="text-sm text-stone-600">
            by <bdi className="font-medium text-stone-800">{snapshot.authorName}</bdi> about <bdi className="font-medium text-stone-800">{snapshot.sitterName}</bdi>,{' '}
            <time dateTime={snapshot.createdAt}>{formatNotificationTime(snapshot.createdAt, now, timeZone)}</time>
          </span>
        </div>
        <blockquote className="whitespace-pre-line text-stone-900">{snapshot.comment || <span className="text-stone-500">No comment</span>}</blockquote>
        {snapshot.reply ? (
          <figcaption className="rounded-lg bg-stone-100 px-3 py-2 text-sm">
            <span className="font-medium">Reply from <bdi>{snapshot.sitterName}</bdi>: </span>
            <span className="whitespace-pre-line">{snapshot.reply}</span>
          </figcaption>
        ) : null}
      </figure>
    )
  }
  return (
    <div className="space-y-3">
      <div>
        <p className="text-lg font-semibold">
          <bdi>{snapshot.name}</bdi> <span className="font-normal text-stone-600">· {snapshot.breed}</span>
        </p>
        <p className="text-sm text-stone-600">
          Listed by <bdi className="font-medium text-stone-800">{snapshot.ownerName}</bdi>
        </p>
      </div>
      {snapshot.images.length > 0 ? (
        <ul aria-label="Photos" className="grid grid-cols-3 gap-2">
          {snapshot.images.map((path, index) => (
            <li key={path}>
              <img
                src={imageUrl(path, 320)}
                srcSet={imageSrcSet(path) ?? undefined}
                sizes="(min-width: 672px) 200px, 30vw"
                alt={`${snapshot.name}, photo ${index + 1}`}
                className="aspect-square w-full rounded-lg bg-stone-100 object-cover"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone-500">No photos</p>
      )}
      <p className="whitespace-pre-line text-stone-800">{snapshot.bio || <span className="text-stone-500">No bio</span>}</p>
    </div>
  )
}

function ConversationSnapshot({ messages, now, timeZone }: { messages: Extract<ReportSnapshot, { kind: 'conversation' }>['messages'] } & When) {
  if (messages.length === 0) return <p className="text-stone-500">No messages were kept with this report.</p>
  return (
    <ol aria-label="Reported conversation" className="space-y-2">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`rounded-lg border px-3 py-2 ${message.reported ? 'border-red-300 border-l-4 border-l-red-600 bg-red-50' : 'border-stone-200 bg-stone-50'}`}
        >
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
            <bdi className="font-semibold text-stone-900">{message.senderName}</bdi>
            <time dateTime={message.createdAt} className="text-stone-600">
              {formatNotificationTime(message.createdAt, now, timeZone)}
            </time>
            {message.reported ? <Tag tone="danger">Reported</Tag> : null}
            {message.addedAt ? (
              <span className="text-stone-600">
                added by the reporter <time dateTime={message.addedAt}>{formatNotificationTime(message.addedAt, now, timeZone)}</time>
              </span>
            ) : null}
          </div>
          <p className="mt-1 break-words whitespace-pre-line text-stone-900">
            <bdi>{message.content}</bdi>
          </p>
        </li>
      ))}
    </ol>
  )
}

/** A reported booking: its terms and status, then what happened, oldest first: its history and its visit log merged. */
function BookingSnapshotView({ snapshot, now, timeZone }: { snapshot: BookingSnapshot } & When) {
  const nameOf = { owner: snapshot.ownerName, sitter: snapshot.sitterName }
  const { visit } = snapshot
  const events = [
    ...snapshot.history.map((entry) => ({ at: entry.at, text: `${historyLabels[entry.what]}${entry.by ? ` by ${nameOf[entry.by]}` : ''}`, note: null })),
    ...(visit?.checkIn ? [{ at: visit.checkIn.at, text: `Checked in: ${checkInPlaceLabel(visit.checkIn)}`, note: null }] : []),
    ...(visit?.entries ?? []).map((entry) => ({ at: entry.at, text: entryLabels[entry.kind], note: entry.note })),
    ...(visit?.alarms ?? []).map((alarm) => ({ at: alarm.at, text: `Alarm: ${alarmLabel(alarm)}`, note: null })),
    ...(visit?.checkOut ? [{ at: visit.checkOut.at, text: 'Checked out', note: visit.checkOut.note }] : []),
  ].sort((a, b) => a.at.localeCompare(b.at))
  const slots = snapshot.slots.map((slot) => `${slot.startTime} - ${slot.endTime}`).join(', ')
  return (
    <div className="space-y-3">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-lg font-semibold">
            {serviceLabels[snapshot.service as SitterService] ?? snapshot.service} for <bdi>{snapshot.dogNames.join(', ')}</bdi>
          </p>
          <StatusBadge status={snapshot.status} reason={snapshot.statusReason} />
        </div>
        <p className="text-sm text-stone-700">
          {formatBookingDate(snapshot.date)}
          {slots ? `, ${slots}` : ''} ({snapshot.timeZone})
        </p>
        <p className="text-sm text-stone-600">
          Owner <bdi className="font-medium text-stone-800">{snapshot.ownerName}</bdi>, sitter <bdi className="font-medium text-stone-800">{snapshot.sitterName}</bdi>
        </p>
      </div>
      <ol aria-label="What happened" className="space-y-1 text-sm">
        {events.map((event, index) => (
          <li key={`${event.at}-${index}`} className="flex flex-wrap gap-x-3 border-b border-stone-100 py-1 last:border-0">
            <time dateTime={event.at} className="w-32 shrink-0 text-stone-600">
              {formatNotificationTime(event.at, now, timeZone)}
            </time>
            <span className="min-w-0 flex-1">
              <span className="font-medium text-stone-900">{event.text}</span>
              {event.note ? <span className="block whitespace-pre-line break-words text-stone-700">{event.note}</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {visit ? (
        <p className="text-sm text-stone-600">
          {visit.photoCount === 0 ? 'No photos' : visit.photoCount === 1 ? '1 photo (not kept with the report)' : `${visit.photoCount} photos (not kept with the report)`} in
          the visit log{visit.routeMeters !== null ? `; a walk of ${(visit.routeMeters / 1000).toFixed(1)} km` : ''}.
        </p>
      ) : (
        <p className="text-sm text-stone-600">No visit log: the booking was not accepted.</p>
      )}
    </div>
  )
}
