import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { weekdays } from '#app/features/sitters/options.ts'
import { PawIcon } from '#app/ui/icons.tsx'

// Pieces the request screens share: a titled part of the form, the sitter's weekly hours, 'no dogs'.

export function FormPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

export function WeeklyHours({ name, weekly }: { name: string; weekly: readonly { weekday: number; startTime: string; endTime: string }[] }) {
  if (weekly.length === 0) return <p className="text-sm text-stone-600">{name} takes requests any day.</p>
  return (
    <div className="text-sm">
      <p className="font-medium text-stone-800">{name}’s weekly hours</p>
      <ul className="text-stone-700">
        {weekdays.map((day) => {
          const ranges = weekly.filter((range) => range.weekday === day.value)
          return (
            <li key={day.value} className="flex justify-between gap-3">
              <span>{day.short}</span>
              <span className={ranges.length ? '' : 'text-stone-400'}>{ranges.length ? ranges.map((r) => `${r.startTime} - ${r.endTime}`).join(', ') : 'Not working'}</span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

export function NoDogs() {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <PawIcon className="size-10 text-stone-400" />
      <p className="font-medium">You don't have any dogs registered</p>
      <Link to="/dogs/new" className="tap-target inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
        Add a Dog
      </Link>
    </div>
  )
}
