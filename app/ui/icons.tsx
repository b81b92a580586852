import type { ReactNode } from 'react'

// Inline SVG icons (no icon font, no extra requests). Decorative unless given a title.
type IconProps = { className?: string }

/** A line icon of the 24 px grid; its stroke (2 px, round, the text colour) is the `icon` class of app.css. */
function LineIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={`icon ${className}`}>
      {children}
    </svg>
  )
}

export function MapIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Z" />
      <path d="M9 4v14M15 6v14" />
    </LineIcon>
  )
}

export function CalendarIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </LineIcon>
  )
}

export function ChatIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </LineIcon>
  )
}

export function UserIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </LineIcon>
  )
}

export function BellIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9Z" />
      <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
    </LineIcon>
  )
}

export function ShieldIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6L12 3Z" />
      <path d="m9 12 2 2 4-4" />
    </LineIcon>
  )
}

export function PawIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <circle cx="5.5" cy="10" r="2" />
      <circle cx="9.5" cy="5.5" r="2" />
      <circle cx="14.5" cy="5.5" r="2" />
      <circle cx="18.5" cy="10" r="2" />
      <path d="M12 12c-3 0-6 3.5-6 6.2 0 1.6 1.3 2.3 2.8 2.3 1.2 0 2-.6 3.2-.6s2 .6 3.2.6c1.5 0 2.8-.7 2.8-2.3C18 15.5 15 12 12 12Z" />
    </LineIcon>
  )
}

/** A filled star (ratings). */
export function StarIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden>
      <path d="m12 2.8 2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9L12 2.8Z" />
    </svg>
  )
}

/** A white check on a filled circle (the Verified badge). */
export function VerifiedIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d="m7.8 12.4 2.8 2.8 5.6-6" fill="none" stroke="white" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

export function AlertIcon({ className = 'size-6' }: IconProps) {
  return (
    <LineIcon className={className}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </LineIcon>
  )
}

export function CloseIcon({ className = 'size-5' }: IconProps) {
  return (
    <LineIcon className={className}>
      <path d="M18 6 6 18M6 6l12 12" />
    </LineIcon>
  )
}

export function GoogleIcon({ className = 'size-5' }: IconProps) {
  return (
    <svg viewBox="0 0 48 48" className={className} aria-hidden>
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34.1 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.2-.1-2.3-.4-3.5z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34.1 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.2-.1-2.3-.4-3.5z" />
    </svg>
  )
}
