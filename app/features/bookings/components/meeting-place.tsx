import { LocationPicker } from '#app/features/geo/components/location-picker.tsx'
import type { WizardStepView } from '../booking-wizard.server.ts'

// The wizard's optional meeting place (its last step in the chat flow): an address, found on the map or typed.

export function MeetingPlace({ view, tileUrl, inputId, errors }: { view: WizardStepView; tileUrl: string; inputId: string; errors: string[] | undefined }) {
  const number = (text: string | undefined) => (text === undefined ? null : Number(text))
  return (
    <div className="space-y-1">
      <LocationPicker
        defaultValue={{
          location: view.answers.location ?? null,
          latitude: number(view.answers.latitude),
          longitude: number(view.answers.longitude),
          coordinatesFor: view.answers.coordinatesFor ?? null,
        }}
        errors={{ location: errors }}
        tileUrl={tileUrl}
        inputId={inputId}
      />
      <p className="text-sm text-stone-600">Optional. Shared with {view.sitter.firstName} once the booking is accepted.</p>
    </div>
  )
}
