import { weekdays } from '#app/features/availability/weekdays.ts'
import { centsToDollars } from '#app/lib/money.ts'
import type { EditProfileFormValue } from './profile-schema.ts'
import type { OwnProfile } from './profile.server.ts'
import { isSitterRole } from '#app/features/accounts/roles.ts'

/** The saved profile in the edit-profile form's shape (rates in dollars, one row per weekday range). */
export function profileFormDefaults(profile: OwnProfile): EditProfileFormValue {
  const sitter = profile.sitter
  const dollarsOf = (cents: (service: NonNullable<typeof sitter>['services'][number]) => number | null) =>
    Object.fromEntries((sitter?.services ?? []).flatMap((s) => (cents(s) === null ? [] : [[s.service, centsToDollars(cents(s))]])))
  const rates = dollarsOf((s) => s.hourlyRateCents)
  const extraDogRates = dollarsOf((s) => s.extraDogRateCents)
  return {
    sitterSections: isSitterRole(profile.role),
    name: profile.name,
    phoneNumber: profile.phoneNumber ?? '',
    bio: profile.bio ?? '',
    location: profile.location ?? '',
    latitude: profile.latitude ?? undefined,
    longitude: profile.longitude ?? undefined,
    coordinatesFor: profile.location ?? '',
    experience: sitter?.experience ?? '0-1',
    services: sitter?.services.map((s) => s.service) ?? [],
    rates,
    extraDogRates,
    acceptsMultipleDogs: sitter?.acceptsMultipleDogs ?? false,
    hasHomeVisit: sitter?.hasHomeVisit ?? false,
    canHostOvernight: sitter?.canHostOvernight ?? false,
    dogSizes: sitter?.dogSizes ?? [],
    dogAges: sitter?.dogAges ?? [],
    preferredDogBreeds: sitter?.preferredDogBreeds.join(', ') ?? '',
    cancellationTerms: sitter?.cancellationTerms,
    // Every weekday gets a row; a day with several saved ranges keeps them all.
    availability: weekdays.flatMap((day): EditProfileFormValue['availability'] & object => {
      const ranges = (sitter?.availability ?? []).filter((range) => range.weekday === day.value)
      if (ranges.length === 0) return [{ weekday: day.value, available: false, startTime: '09:00', endTime: '17:00' }]
      return ranges.map((range) => ({ weekday: day.value, available: true, startTime: range.startTime, endTime: range.endTime }))
    }),
  }
}
