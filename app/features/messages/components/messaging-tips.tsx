import { href, Link } from 'react-router'
import { ChatIcon } from '#app/ui/icons.tsx'

// What the conversation area shows with no conversation selected (spec section 2): tips for finding a sitter.
export function MessagingTips() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
      <ChatIcon className="size-12 text-brand-600" />
      <h2 className="text-xl font-semibold">Select a conversation</h2>
      <p className="max-w-sm text-stone-600">Pick a conversation on the left, or start one from a sitter's profile.</p>
      <section aria-labelledby="tips-heading" className="w-full max-w-sm rounded-xl border border-stone-200 bg-white p-4 text-left">
        <h3 id="tips-heading" className="font-semibold">
          Tips for finding the right sitter
        </h3>
        <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-stone-700">
          <li>Look for sitters near you on the map or in the list of sitters.</li>
          <li>Compare their services, rates and reviews, and how quickly they usually reply.</li>
          <li>Tell them about your dog: size, age, temperament and any special needs.</li>
          <li>Agree on the day, time and place in the chat, then send a booking request.</li>
          <li>Keep payments and talks on Pawpal, and report anyone who asks otherwise.</li>
        </ul>
        <div className="mt-4 flex flex-wrap gap-2">
          <Link to={href('/map')} className="tap-target inline-flex flex-1 items-center justify-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
            Open the map
          </Link>
          <Link to={href('/sitters')} className="tap-target inline-flex flex-1 items-center justify-center rounded-lg border border-stone-300 bg-white px-4 font-medium text-stone-900 hover:bg-stone-100">
            Browse sitters
          </Link>
        </div>
      </section>
    </div>
  )
}
