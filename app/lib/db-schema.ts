import type { Generated } from 'kysely'

// Row types of db/migrations. Booleans are 0 | 1 in SQLite.
type Flag = 0 | 1

export type Role = 'owner' | 'sitter' | 'both' | 'admin'
export type AccountStatus = 'active' | 'suspended'
export type BookingStatus = 'pending' | 'accepted' | 'rejected' | 'completed' | 'cancelled'

export interface UsersTable {
  id: string
  email: string
  name: string
  role: Generated<Role>
  accountStatus: Generated<AccountStatus>
  emailVerified: Generated<Flag>
  phoneNumber: string | null
  bio: string | null
  profilePhoto: string | null
  location: string | null
  latitude: number | null
  longitude: number | null
  publicLocation: string | null
  publicLatitude: number | null
  publicLongitude: number | null
  timeZone: Generated<string>
  calendarFeedToken: string | null
  /** When a session was last created for the account (db/migrations/022). */
  lastSignInAt: Generated<string | null>
  createdAt: string
  updatedAt: string
}

export interface PasswordsTable {
  userId: string
  hash: string
  updatedAt: string
}

export interface SessionsTable {
  id: string
  userId: string
  kind: 'cookie' | 'token'
  userAgent: string | null
  createdAt: string
  expiresAt: string
  /** The browser a cookie session runs in (decision 118): null for API tokens and before migration 041. */
  browserId: Generated<string | null>
}

export interface OauthAccountsTable {
  provider: string
  providerAccountId: string
  userId: string
  email: string | null
  scope: string | null
  accessTokenEncrypted: string | null
  refreshTokenEncrypted: string | null
  tokenExpiresAt: string | null
  createdAt: string
  updatedAt: string
}

export interface PasswordResetTokensTable {
  tokenHash: string
  userId: string
  createdAt: string
  expiresAt: string
  usedAt: string | null
}

/** A one-time hand-over of a Google sign-in to /login/success (db/migrations/020, decision 059). */
export interface SignInCodesTable {
  codeHash: string
  browserHash: string
  userId: string
  isNewUser: number
  createdAt: string
  expiresAt: string
  usedAt: string | null
}

export interface RateLimitHitsTable {
  key: string
  at: string
}

export interface PendingUploadsTable {
  id: string
  userId: string
  kind: 'avatars' | 'dogs' | 'gallery'
  path: string
  createdAt: string
}

export interface OnboardingDraftsTable {
  userId: string
  flow: 'owner' | 'sitter'
  data: Generated<string>
  updatedAt: string
}

export interface SitterProfilesTable {
  userId: string
  experience: Generated<'0-1' | '1-3' | '3-5' | '5+'>
  acceptsMultipleDogs: Generated<Flag>
  hasHomeVisit: Generated<Flag>
  canHostOvernight: Generated<Flag>
  isBackgroundChecked: Generated<Flag>
  verified: Generated<Flag>
  /** 'flexible', 'moderate' or 'strict' (sitters/cancellation-terms.ts). */
  cancellationTerms: Generated<string>
  createdAt: string
  updatedAt: string
}

export interface SitterServicesTable {
  sitterId: string
  service: string
  hourlyRateCents: number | null
  /** What each further dog adds to the rate, in the service's unit; null adds nothing. */
  extraDogRateCents: Generated<number | null>
}

export interface SitterDogSizesTable {
  sitterId: string
  size: string
}

export interface SitterDogAgesTable {
  sitterId: string
  age: string
}

export interface SitterPreferredBreedsTable {
  sitterId: string
  breed: string
}

export interface SitterAvailabilityTable {
  id: string
  sitterId: string
  weekday: number
  startTime: string
  endTime: string
}

export interface SitterBlockedDatesTable {
  sitterId: string
  date: string
}

export interface DogsTable {
  id: string
  ownerId: string
  name: string
  breed: string
  age: string
  ageMonths: number | null
  weightKg: number | null
  height: string | null
  bio: string | null
  size: 'small' | 'medium' | 'large' | null
  listedForSitting: Generated<Flag>
  /** Set when the owner archived a dog that has bookings: hidden from lists and new bookings. */
  archivedAt: string | null
  createdAt: string
  updatedAt: string
}

export interface DogImagesTable {
  id: string
  dogId: string
  position: number
  path: string
  createdAt: string
}

export interface DogTraitsTable {
  dogId: string
  trait: string
}

export interface DogActivitiesTable {
  dogId: string
  activity: string
}

export interface DogAvailabilityTable {
  dogId: string
  slot: string
}

/** A change of a booking one party proposed (bookings/booking-proposals.server.ts); JSON snapshots before and after. */
export interface BookingProposalsTable {
  id: string
  bookingId: string
  proposedById: string
  status: 'pending' | 'accepted' | 'declined' | 'withdrawn'
  /** JSON: {date, period, slots, dogIds, notes, priceCents} of the booking when proposed. */
  previous: string
  /** JSON: the same, as proposed. */
  proposed: string
  createdAt: string
  answeredById: string | null
  answeredAt: string | null
}

/** Every dog of a booking in the owner's order; the first is also bookings.dogId. */
export interface BookingDogsTable {
  bookingId: string
  dogId: string
  position: number
}

export interface BookingsTable {
  id: string
  dogId: string
  ownerId: string
  sitterId: string
  requestedById: string
  date: string
  timeZone: string
  period: 'morning' | 'afternoon' | 'evening' | 'overnight' | 'all_day' | 'custom' | null
  service: Generated<string>
  notes: string | null
  location: string | null
  latitude: number | null
  longitude: number | null
  priceCents: number
  /** The sitter's hourly rate for the service when the booking was requested; null when none was set. */
  hourlyRateCents: number | null
  status: Generated<BookingStatus>
  /** When the first slot begins (UTC ISO): the lists' sort key with the id (bookings/slots.ts, listingTimes). */
  startsAt: string
  /** When the booking's date ends in its zone (UTC ISO): the date is today or later while this lies ahead. */
  dayEndsAt: string
  /** When its last slot ends (UTC ISO; the next day for a stay past midnight): under way until then (decision 108). */
  endsAt: string
  /** The sitter's cancellation terms when it was requested; null before terms existed (read as flexible). */
  cancellationTerms: Generated<string | null>
  /** Who cancelled it late, when an accepted booking was cancelled inside its terms' notice period. */
  lateCancellationBy: Generated<'owner' | 'sitter' | null>
  /** The sitter's extra-dog rate for the service when it was requested; null: further dogs added nothing. */
  extraDogRateCents: Generated<number | null>
  /** The weekly series it was made for (bookings/booking-series.server.ts), and the date it was made for there. */
  seriesId: Generated<string | null>
  seriesDate: Generated<string | null>
  createdAt: string
  updatedAt: string
}

/** A weekly series (bookings/booking-series.server.ts): the same care on some weekdays every week. */
export interface BookingSeriesTable {
  id: string
  ownerId: string
  sitterId: string
  service: string
  /** ISO weekdays, Monday 1: '1,3,5'. */
  weekdays: string
  period: BookingsTable['period']
  /** JSON: [{startTime, endTime}] as a booking's slots. */
  slots: string
  firstDate: string
  /** The last date a booking may fall on; null: no end. */
  endDate: string | null
  timeZone: string
  notes: string | null
  location: string | null
  latitude: number | null
  longitude: number | null
  status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'ended'
  /** The rates when the sitter accepted, fixed for the series' life; null while pending. */
  hourlyRateCents: number | null
  extraDogRateCents: number | null
  cancellationTerms: string | null
  /** The last date already made into bookings (or conflicts); null before acceptance. */
  bookedThrough: string | null
  /** When the sweep cancelled it, still unanswered after its last date; null otherwise. */
  expiredAt: string | null
  createdAt: string
  updatedAt: string
}

export interface BookingSeriesDogsTable {
  seriesId: string
  dogId: string
  position: number
}

/** A date of a series that is not a booking, and why. */
export interface BookingSeriesConflictsTable {
  seriesId: string
  date: string
  reason: string
  createdAt: string
}

/** The recurring Google Calendar event of a series in one party's calendar. */
export interface SeriesCalendarEventsTable {
  seriesId: string
  userId: string
  eventId: string
  createdAt: string
}

/** A date of a series whose occurrence in the user's Google Calendar is an override (a move made it). */
export interface SeriesCalendarOverridesTable {
  seriesId: string
  userId: string
  seriesDate: string
  createdAt: string
}

export interface BookingTimeSlotsTable {
  bookingId: string
  position: number
  startTime: string
  endTime: string
}

export interface BookingStatusHistoryTable {
  id: string
  bookingId: string
  fromStatus: BookingStatus | null
  toStatus: BookingStatus
  changedById: string | null
  changedAt: string
  /** Why a change nobody made happened ('expired'). */
  reason: string | null
}

/** A time-based alert of a booking whose event was recorded (bookings/booking-alerts.server.ts). */
export interface BookingAlertsTable {
  bookingId: string
  kind: 'expiring' | 'reminder' | 'review-reminder'
  recordedAt: string
}

export interface ConversationsTable {
  id: string
  userAId: string
  userBId: string
  createdAt: string
  lastMessageAt: string | null
}

export interface MessagesTable {
  id: string
  conversationId: string
  senderId: string
  recipientId: string
  content: string
  createdAt: string
  readAt: string | null
  /** The sender client's own id for the message (a UUID), so a resend stores nothing twice. */
  clientId: string | null
  /** When an admin hid it (moderation): kept for the record, its content never shown again. */
  hiddenAt: Generated<string | null>
}

export interface UserBlocksTable {
  blockerId: string
  blockedId: string
  createdAt: string
}

export type ReportKind = 'conversation' | 'sitter' | 'review' | 'dog' | 'booking'
export type ReportState = 'open' | 'dismissed' | 'content_hidden' | 'user_warned' | 'user_suspended'

/** What a user reported for the admins (moderation, db/migrations/022), with the content as it was then. */
export interface ReportsTable {
  id: string
  kind: ReportKind
  /** The conversation, the sitter (a user id), the review or the dog. */
  subjectId: string
  reporterId: string
  reportedUserId: string
  reason: string
  details: string
  /** JSON of the reported content when reported (moderation/report-snapshots.server.ts). */
  snapshot: string
  state: Generated<ReportState>
  resolutionNote: string | null
  resolvedById: string | null
  resolvedAt: string | null
  createdAt: string
  /** When the reporter last added later messages to this (conversation) report; null if they never did. */
  grewAt: string | null
}

/** A suspension of an account: standing while `liftedAt` is null, until `endsAt` when it has one. */
export interface SuspensionsTable {
  id: string
  userId: string
  reason: string
  startedAt: string
  endsAt: string | null
  suspendedById: string
  liftedAt: string | null
  /** Null when it lifted itself at its end. */
  liftedById: string | null
}

/** Append-only (the database refuses updates and deletes): every admin action and read of reported content. */
export interface AuditLogTable {
  id: string
  adminId: string
  adminName: string
  action: string
  targetKind: string
  targetId: string
  reason: string | null
  at: string
}

export interface ReviewsTable {
  id: string
  bookingId: string
  sitterId: string
  ownerId: string
  rating: number
  comment: string
  createdAt: string
  /** The sitter's answer to the review, once. */
  reply: string | null
  repliedAt: string | null
  /** When an admin hid it (moderation): kept for the record, never shown or counted again. */
  hiddenAt: Generated<string | null>
  /** When it became visible to the sitter and everyone (double-blind); null while only its author sees it. */
  publishedAt: string | null
  /** When it publishes even if the sitter has not reviewed the owner: 14 days after the booking's completion. */
  windowEndsAt: string
}

/** The sitter's review of the owner and the dog of a completed booking: never public, shown to sitters that owner asks. */
export interface ReviewsOfOwnersTable {
  id: string
  bookingId: string
  sitterId: string
  ownerId: string
  dogId: string
  rating: number
  comment: string
  createdAt: string
  windowEndsAt: string
  publishedAt: string | null
}

/** An owner's entry instructions and codes, sealed (features/home-access): never readable from the row. */
export interface HomeAccessTable {
  ownerId: string
  /** AES-256-GCM of the fields' JSON, `iv.tag.ciphertext` in base64url. */
  sealed: string
  /** Which key sealed it: an id of HOME_ACCESS_KEYS, or 'session' (derived from SESSION_SECRET). */
  keyId: string
  updatedAt: string
}

/** One showing of an owner's home access to the sitter of a booking. */
export interface HomeAccessViewsTable {
  id: string
  ownerId: string
  sitterId: string
  bookingId: string
  viewedAt: string
}

/** A booking whose owner was reminded to change their codes after its sitter saw them (once per booking). */
export interface HomeAccessRemindersTable {
  bookingId: string
  remindedAt: string
}

/** A booking's visit once its sitter checked in (db/migrations/025); never the check-in's coordinates. */
export interface VisitsTable {
  bookingId: string
  checkedInAt: string
  checkInPlace: 'at_place' | 'elsewhere' | 'no_position'
  /** From the meeting place, in 50 m steps; null without a position. */
  checkInDistanceMeters: number | null
  checkedOutAt: string | null
  checkOutNote: string | null
  routeMeters: Generated<number>
  routeStartedAt: string | null
  routeEndedAt: string | null
}

export interface VisitEntriesTable {
  id: string
  bookingId: string
  kind: string
  note: string | null
  recordedAt: string
}

export interface VisitPhotosTable {
  id: string
  bookingId: string
  path: string
  takenAt: string
}

/** A walk's route, without the points near either party's home. */
export interface VisitRoutePointsTable {
  id: string
  bookingId: string
  latitude: number
  longitude: number
  recordedAt: string
}

/** A missed check-in, check-out or daily update ('update:<date>'), once per booking. */
export interface VisitAlarmsTable {
  bookingId: string
  kind: string
  recordedAt: string
}

export interface SitterPhotosTable {
  id: string
  sitterId: string
  position: number
  path: string
  createdAt: string
}

/** Kept by triggers (db/migrations/002): one row per listed sitter; `key` is the row id of the indexes. */
export interface SitterListingsTable {
  key: Generated<number>
  sitterId: string
  /** Bit sets of the filters (features/sitters/listing-bits.ts, filled by db/migrations/005's triggers): services offered, dog sizes, weekdays with hours. */
  services: Generated<number>
  dogSizes: Generated<number>
  weekdays: Generated<number>
}

export interface CalendarEventsTable {
  bookingId: string
  userId: string
  provider: Generated<string>
  eventId: string
  createdAt: string
}

export interface GeocodeCacheTable {
  key: string
  response: string
  createdAt: string
}

export interface SupportRequestsTable {
  id: string
  userId: string | null
  email: string
  subject: string
  message: string
  createdAt: string
}

export interface DomainEventsTable {
  id: string
  type: string
  subjectId: string
  /** JSON: ids and small facts, never a message body or an address. */
  payload: string
  occurredAt: string
}

export interface EventDeliveriesTable {
  eventId: string
  subscriber: string
  attempts: Generated<number>
  nextAttemptAt: string
  deliveredAt: string | null
  lastError: string | null
}

export interface EmailOutboxTable {
  id: string
  key: string
  recipient: string
  subject: string
  body: string
  createdAt: string
  attempts: Generated<number>
  nextAttemptAt: string
  sentAt: string | null
  lastError: string | null
}

/** One row (id 1): when the next upstream geocoder request may start, across instances (db/migrations/010). */
export interface GeocoderSlotTable {
  id: number
  nextSlotAt: number
}

/**
 * Slots whose sum grows with every change to what public sitter pages show (triggers of db/migrations/005):
 * one row on SQLite, 64 on PostgreSQL so that writers do not wait for each other (db/migrations/016).
 */
export interface PublicDataVersionTable {
  id: number
  version: number
}

export interface Database {
  users: UsersTable
  passwords: PasswordsTable
  sessions: SessionsTable
  oauthAccounts: OauthAccountsTable
  passwordResetTokens: PasswordResetTokensTable
  signInCodes: SignInCodesTable
  rateLimitHits: RateLimitHitsTable
  pendingUploads: PendingUploadsTable
  onboardingDrafts: OnboardingDraftsTable
  sitterProfiles: SitterProfilesTable
  sitterServices: SitterServicesTable
  sitterDogSizes: SitterDogSizesTable
  sitterDogAges: SitterDogAgesTable
  sitterPreferredBreeds: SitterPreferredBreedsTable
  sitterAvailability: SitterAvailabilityTable
  sitterBlockedDates: SitterBlockedDatesTable
  dogs: DogsTable
  dogImages: DogImagesTable
  dogTraits: DogTraitsTable
  dogActivities: DogActivitiesTable
  dogAvailability: DogAvailabilityTable
  bookings: BookingsTable
  bookingTimeSlots: BookingTimeSlotsTable
  bookingDogs: BookingDogsTable
  bookingProposals: BookingProposalsTable
  bookingSeries: BookingSeriesTable
  bookingSeriesDogs: BookingSeriesDogsTable
  bookingSeriesConflicts: BookingSeriesConflictsTable
  seriesCalendarEvents: SeriesCalendarEventsTable
  seriesCalendarOverrides: SeriesCalendarOverridesTable
  bookingStatusHistory: BookingStatusHistoryTable
  bookingAlerts: BookingAlertsTable
  conversations: ConversationsTable
  messages: MessagesTable
  userBlocks: UserBlocksTable
  reports: ReportsTable
  suspensions: SuspensionsTable
  auditLog: AuditLogTable
  reviews: ReviewsTable
  reviewsOfOwners: ReviewsOfOwnersTable
  homeAccess: HomeAccessTable
  homeAccessViews: HomeAccessViewsTable
  homeAccessReminders: HomeAccessRemindersTable
  visits: VisitsTable
  visitEntries: VisitEntriesTable
  visitPhotos: VisitPhotosTable
  visitRoutePoints: VisitRoutePointsTable
  visitAlarms: VisitAlarmsTable
  sitterPhotos: SitterPhotosTable
  sitterListings: SitterListingsTable
  calendarEvents: CalendarEventsTable
  geocodeCache: GeocodeCacheTable
  supportRequests: SupportRequestsTable
  emailOutbox: EmailOutboxTable
  domainEvents: DomainEventsTable
  eventDeliveries: EventDeliveriesTable
  publicDataVersion: PublicDataVersionTable
  geocoderSlot: GeocoderSlotTable
  pushSubscriptions: PushSubscriptionsTable
}

// Web Push (features/push, db/migrations/014)
/** One device that turned notifications on: its push service endpoint and the keys payloads are encrypted to. */
export interface PushSubscriptionsTable {
  id: string
  userId: string
  endpoint: string
  p256dh: string
  auth: string
  createdAt: string
  /** The session that turned it on or woke it (decision 116): signing out of it puts the device to sleep. Null while asleep and before migration 040. */
  sessionId: Generated<string | null>
  /** When its session was signed out of, or another account signed in in its browser (decision 118): nothing is pushed to a sleeping device. */
  sleepingSince: Generated<string | null>
  /** The browser of the session that turned it on or put it to sleep: the same account signing in there again wakes it. */
  browserId: Generated<string | null>
  /** When it was turned on or woken (migration 042): a sign-out older than that, delivered late, leaves it awake. */
  awakeSince: Generated<string | null>
}

// notifications (app/features/notifications, db/migrations/013): the notification centre.

export type NotificationChannel = 'push' | 'email'
export type NotificationDeliveryStatus = 'waiting' | 'sent' | 'delivered' | 'failed'

/** One per user and domain event that concerns them; one per conversation with unread messages. */
export interface NotificationsTable {
  id: string
  userId: string
  /** The domain event it came from (for unread messages, the first message's). */
  eventId: string
  /** The preference kind (notification-settings): 'bookings', 'reminders', 'messages', 'reviews'. */
  kind: string
  /** The domain event's type, e.g. 'booking.requested'. */
  type: string
  text: string
  href: string
  /** Unread messages only: the conversation, so later messages update this entry. */
  conversationId: string | null
  /** The sort key: when it happened (for unread messages, the latest one). */
  occurredAt: string
  /** The e-mail outbox's key of the e-mail that told the same (db/migrations/019); null when none was meant to. */
  emailKey: string | null
  readAt: string | null
}

/** Per notification and channel, the latest outcome. */
export interface NotificationDeliveriesTable {
  notificationId: string
  channel: NotificationChannel
  status: NotificationDeliveryStatus
  at: string
  detail: string | null
}

export interface Database {
  notifications: NotificationsTable
  notificationDeliveries: NotificationDeliveriesTable
}

// notification-settings (issue 20, db/migrations/015): preferences, quiet hours, socket presence, message
// digests and each e-mail's unsubscribe link. Declared again here, TypeScript merges them into the above.

/** A user's choice for one kind of notification on one channel; no row: the default. */
export interface NotificationPreferencesTable {
  userId: string
  kind: string
  channel: string
  enabled: Flag
}

/** A user's quiet hours, minutes past midnight in users.timeZone; no row: the default. */
export interface NotificationQuietHoursTable {
  userId: string
  enabled: Flag
  startMinute: number
  endMinute: number
}

/** A user with an open socket on an app instance, until `expiresAt` (ms since the epoch) unless renewed. */
export interface SocketPresenceTable {
  instanceId: string
  userId: string
  expiresAt: number
}

/** When the recipient was last mailed the unread messages of a conversation. */
export interface MessageDigestsTable {
  recipientId: string
  conversationId: string
  sentAt: string
}

export interface EmailOutboxTable {
  /** RFC 8058 one-click unsubscribe URL for the e-mail's kind (its List-Unsubscribe header); none for account e-mails. */
  unsubscribeUrl: Generated<string | null>
}

export interface Database {
  notificationPreferences: NotificationPreferencesTable
  notificationQuietHours: NotificationQuietHoursTable
  socketPresence: SocketPresenceTable
  messageDigests: MessageDigestsTable
}
