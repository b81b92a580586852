import type { ReactNode } from 'react'
import { href, Link } from 'react-router'

// The admins' console (DESIGN.md ruling 25): its three sections as links under the page's heading, the
// current one marked. A report's or a user's page marks its section as the current place, not the page.

export type AdminSection = 'reports' | 'users' | 'audit'

const sections: { value: AdminSection; label: string; to: string }[] = [
  { value: 'reports', label: 'Reports', to: href('/admin') },
  { value: 'users', label: 'Users', to: href('/admin/users') },
  { value: 'audit', label: 'Audit log', to: href('/admin/audit') },
]

export function AdminNav({ current, onSectionPage = true }: { current: AdminSection; onSectionPage?: boolean }) {
  return (
    <nav aria-label="Admin">
      <ul className="flex gap-1 rounded-xl bg-stone-200/70 p-1">
        {sections.map((section) => {
          const active = section.value === current
          return (
            <li key={section.value} className="flex-1">
              <Link
                to={section.to}
                aria-current={active ? (onSectionPage ? 'page' : 'true') : undefined}
                className={`tap-target flex items-center justify-center rounded-lg px-3 py-2 text-center text-sm font-medium ${
                  active ? 'bg-white text-stone-900 shadow-sm' : 'text-stone-600 hover:text-stone-900'
                }`}
              >
                {section.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** The top of every admin page: 'Pawpal admin', the heading, a line under it, the section links. */
export function AdminHeader({ title, description, current, onSectionPage, children }: { title: ReactNode; description?: ReactNode; current: AdminSection; onSectionPage?: boolean; children?: ReactNode }) {
  return (
    <header className="space-y-4">
      <AdminNav current={current} onSectionPage={onSectionPage} />
      <div>
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Pawpal admin</p>
        <h1 className="text-2xl font-bold break-words">{title}</h1>
        {description ? <p className="text-stone-600">{description}</p> : null}
      </div>
      {children}
    </header>
  )
}

/** A small rounded label: a report's kind or state, an account's role or status. */
export function Tag({ tone = 'neutral', children }: { tone?: 'neutral' | 'open' | 'done' | 'danger' | 'brand'; children: ReactNode }) {
  const tones = {
    neutral: 'bg-stone-100 text-stone-800 ring-stone-300',
    open: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
    done: 'bg-green-100 text-green-900 ring-green-300',
    danger: 'bg-red-100 text-red-900 ring-red-300',
    brand: 'bg-brand-50 text-brand-800 ring-brand-100',
  }
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[tone]}`}>{children}</span>
}
