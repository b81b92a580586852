// The bit of each service, dog size and weekday in sitterListings' filter columns (services, dogSizes,
// weekdays), which db/migrations/005's triggers fill. The migration keeps its own copy, frozen as it ran:
// these values must stay equal to it. Never renumber them; a new service or size gets the next free bit
// and a migration that fills it in.
export const listingBits = {
  services: { walking: 1, sitting: 2, boarding: 4, daycare: 8, training: 16, grooming: 32 },
  dogSizes: { small: 1, medium: 2, large: 4 },
  /** ISO weekday n (1 Monday ... 7 Sunday) is the bit 1 << n. */
  weekday: (weekday: number) => 2 ** weekday,
} as const
