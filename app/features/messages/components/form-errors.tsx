/** The messages a form came back with, under the field they belong to (announced by screen readers). */
export function FormErrors({ id, errors }: { id?: string; errors: readonly string[] | undefined }) {
  if (!errors?.length) return null
  return (
    <ul id={id} role="alert" className="mt-1 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}
