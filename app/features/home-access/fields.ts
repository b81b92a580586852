// The fields of the home-access vault and their labels, without zod: the page and the booking page's section
// import these, so their first JavaScript stays free of the schema (loaded lazily for validation).

export const homeAccessFields = ['instructions', 'lockboxCode', 'doorCode', 'alarmCode', 'wifiNetwork', 'wifiPassword'] as const
export type HomeAccessField = (typeof homeAccessFields)[number]

export const homeAccessLabels: Record<HomeAccessField, string> = {
  instructions: 'Entry instructions',
  lockboxCode: 'Lockbox code',
  doorCode: 'Door code',
  alarmCode: 'Alarm code',
  wifiNetwork: 'Wi-Fi network',
  wifiPassword: 'Wi-Fi password',
}

/** The vault's content: every field, null when not given. */
export type HomeAccessDetails = Record<HomeAccessField, string | null>
