// The looks the visit forms share.

export const textControlClass =
  'tap-target w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500'

export const secondaryButtonClass =
  'tap-target inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium text-stone-900 hover:bg-stone-100 disabled:text-stone-400'

export const primaryButtonClass =
  'tap-target inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:bg-stone-400 sm:w-auto'
