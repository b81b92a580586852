/** Spec section 9: the narrow (phone) layout is under 768 px, Tailwind's `md` breakpoint. Browser only. */
export const isNarrowLayout = () => window.matchMedia('(max-width: 767.98px)').matches
