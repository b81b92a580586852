/** A visit form's refusal from the server, beside the form it came from. */
export function FormRefusal({ id, message }: { id: string; message: string | null }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {message}
    </p>
  )
}
