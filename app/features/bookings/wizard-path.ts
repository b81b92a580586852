import { href } from 'react-router'
import type { WizardFlow, WizardStep } from './wizard-flows.ts'

// Apart from wizard-flows.ts so that the pages which only open a wizard (the map's quick view, a
// conversation's Book button) do not load its rules and their time and period modules (DESIGN.md section 8).

/** A step's own address; the answers go in the query (GET steps) or the body (the last step's POST). */
export function wizardStepPath(sitterId: string, flow: WizardFlow, step: WizardStep) {
  return href('/sitters/:id/book/:flow/:step', { id: sitterId, flow, step: String(step) })
}
