import type { Migration } from 'kysely/migration'
import * as initial from './001-initial.ts'
import * as sitterDiscovery from './002-sitter-discovery.ts'
import * as bookings from './003-bookings.ts'
import * as pendingUploads from './004-pending-uploads.ts'
import * as discoveryTuning from './005-discovery-tuning.ts'
import * as messagingSafety from './006-messaging-safety.ts'
import * as galleryPendingUploads from './008-gallery-pending-uploads.ts'
import * as domainEvents from './009-domain-events.ts'
import * as listPaging from './010-list-paging.ts'
import * as walksAndUnitRates from './011-walks-and-unit-rates.ts'
import * as sharedGeocoderSlot from './012-shared-geocoder-slot.ts'
import * as notifications from './013-notifications.ts'
import * as pushSubscriptions from './014-push-subscriptions.ts'
import * as notificationPreferences from './015-notification-preferences.ts'
import * as publicDataVersionSlots from './016-public-data-version-slots.ts'
import * as bookingAlerts from './018-booking-alerts.ts'
import * as notificationEmailKeys from './019-notification-email-keys.ts'
import * as signInCodes from './020-sign-in-codes.ts'
import * as dogImagePaths from './021-dog-image-paths.ts'
import * as moderation from './022-moderation.ts'
import * as doubleBlindReviews from './023-double-blind-reviews.ts'
import * as homeAccess from './024-home-access.ts'
import * as visitLogs from './025-visit-logs.ts'
import * as cancellationTerms from './026-cancellation-terms.ts'
import * as severalDogs from './027-several-dogs.ts'
import * as bookingProposals from './028-booking-proposals.ts'
import * as bookingSeries from './029-booking-series.ts'
import * as textSearchTiers from './030-text-search-tiers.ts'
import * as seriesExpiry from './031-series-expiry.ts'
import * as seriesCalendarOverrides from './032-series-calendar-overrides.ts'
import * as ownerSitterIndex from './033-owner-sitter-index.ts'
import * as unreadBySender from './034-unread-by-sender.ts'
import * as requestsToAnswer from './035-requests-to-answer.ts'
import * as bookingReports from './036-booking-reports.ts'
import * as reportGrewAt from './037-report-grew-at.ts'
import * as seriesBookingsByStart from './038-series-bookings-by-start.ts'
import * as bookingEnds from './039-booking-ends.ts'
import * as pushDevicesBySession from './040-push-devices-by-session.ts'
import * as sleepingPushDevices from './041-sleeping-push-devices.ts'
import * as awakePushDevices from './042-awake-push-devices.ts'

// Listed explicitly (not read from disk) so the production bundle, vitest and plain Node all see the same set.
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-sitter-discovery': sitterDiscovery,
  '003-bookings': bookings,
  '004-pending-uploads': pendingUploads,
  '005-discovery-tuning': discoveryTuning,
  '006-messaging-safety': messagingSafety,
  '008-gallery-pending-uploads': galleryPendingUploads,
  '009-domain-events': domainEvents,
  '010-list-paging': listPaging,
  '011-walks-and-unit-rates': walksAndUnitRates,
  '012-shared-geocoder-slot': sharedGeocoderSlot,
  '013-notifications': notifications,
  '014-push-subscriptions': pushSubscriptions,
  '015-notification-preferences': notificationPreferences,
  '016-public-data-version-slots': publicDataVersionSlots,
  '018-booking-alerts': bookingAlerts,
  '019-notification-email-keys': notificationEmailKeys,
  '020-sign-in-codes': signInCodes,
  '021-dog-image-paths': dogImagePaths,
  '022-moderation': moderation,
  '023-double-blind-reviews': doubleBlindReviews,
  '024-home-access': homeAccess,
  '025-visit-logs': visitLogs,
  '026-cancellation-terms': cancellationTerms,
  '027-several-dogs': severalDogs,
  '028-booking-proposals': bookingProposals,
  '029-booking-series': bookingSeries,
  '030-text-search-tiers': textSearchTiers,
  '031-series-expiry': seriesExpiry,
  '032-series-calendar-overrides': seriesCalendarOverrides,
  '033-owner-sitter-index': ownerSitterIndex,
  '034-unread-by-sender': unreadBySender,
  '035-requests-to-answer': requestsToAnswer,
  '036-booking-reports': bookingReports,
  '037-report-grew-at': reportGrewAt,
  '038-series-bookings-by-start': seriesBookingsByStart,
  '039-booking-ends': bookingEnds,
  '040-push-devices-by-session': pushDevicesBySession,
  '041-sleeping-push-devices': sleepingPushDevices,
  '042-awake-push-devices': awakePushDevices,
}
