import { expect, test } from 'vitest'
import { conformProblems, failedAnswer, type FieldLabels } from './form-error-summary.tsx'

const labels: FieldLabels = [
  ['name', 'Full Name'],
  ['rates', (name) => `${name.slice('rates.'.length)} rate`],
  ['availability', (name) => `Row ${name.slice('availability['.length, name.indexOf(']'))}`],
  ['location', 'Address'],
  ['latitude', 'Address', 'location'],
]

test('problems follow the page order of the labels, not the order of the errors', () => {
  const problems = conformProblems(
    { id: 'edit', allErrors: { location: ['Could not find the specified address.'], name: ['Name is required'] } },
    labels,
  )

  expect(problems).toEqual([
    { fieldId: 'edit-name', label: 'Full Name', message: 'Name is required' },
    { fieldId: 'edit-location', label: 'Address', message: 'Could not find the specified address.' },
  ])
})

test('a nested field is named by its entry and linked by its own id; a hidden field links to the one to fix', () => {
  const problems = conformProblems(
    {
      id: 'edit',
      allErrors: {
        'availability[3].endTime': ['End time must be after start time'],
        'rates.walking': ['Rate cannot be negative'],
        latitude: ['Latitude must be a number between -90 and 90'],
      },
    },
    labels,
  )

  expect(problems).toEqual([
    { fieldId: 'edit-rates.walking', label: 'walking rate', message: 'Rate cannot be negative' },
    { fieldId: 'edit-availability[3].endTime', label: 'Row 3', message: 'End time must be after start time' },
    { fieldId: 'edit-location', label: 'Address', message: 'Latitude must be a number between -90 and 90' },
  ])
})

test("the form's own errors are not field problems, and an unlabelled field comes last under its name", () => {
  const problems = conformProblems({ id: 'f', allErrors: { '': ['Too many requests'], nickname: ['Too long'], name: ['Name is required'] } }, labels)

  expect(problems.map((problem) => problem.label)).toEqual(['Full Name', 'nickname'])
})

test('only a server answer that names problems counts as a failed submit', () => {
  const refused = { status: 'error', error: { name: ['Name is required'] } }
  const toastOnly = { status: 'success', error: { name: null } }

  expect(failedAnswer(refused)).toBe(refused)
  expect(failedAnswer(toastOnly)).toBeUndefined()
  expect(failedAnswer(undefined)).toBeUndefined()
})
