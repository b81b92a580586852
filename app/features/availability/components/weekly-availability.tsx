import { type AvailabilityGridDay, dayParts } from '../availability-grid.ts'

// The About tab's weekly availability grid (spec section 2, Sitter profile), from the sitter's real weekly
// schedule: Monday to Sunday across, morning / afternoon / evening down (the period windows of section 9).

export function WeeklyAvailability({ grid }: { grid: readonly AvailabilityGridDay[] }) {
  const anyHours = grid.some((day) => dayParts.some(({ part }) => day[part]))
  if (!anyHours) return <p className="text-stone-500 italic">No weekly hours set yet.</p>
  return (
    <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
      <caption className="sr-only">Weekly availability: the parts of each day the sitter works</caption>
      <thead>
        <tr>
          <td className="w-20 sm:w-28" />
          {grid.map((day) => (
            <th key={day.weekday} scope="col" className="pb-1 font-medium text-stone-600">
              {day.day}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {dayParts.map(({ part, label, startTime, endTime }) => (
          <tr key={part}>
            <th scope="row" className="pr-1 text-left font-medium text-stone-700">
              {label}
              <span className="block text-xs font-normal text-stone-500">{startTime} - {endTime}</span>
            </th>
            {grid.map((day) => (
              <td key={day.weekday} className={`h-10 rounded-md ${day[part] ? 'bg-brand-600 text-white' : 'bg-stone-100 text-stone-400'}`}>
                <span aria-hidden>{day[part] ? '✓' : '–'}</span>
                <span className="sr-only">{day[part] ? 'Available' : 'Not available'}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
