import { type ChangeEvent, type MouseEvent, type ReactNode, useEffect, useEffectEvent, useMemo, useState } from 'react'
import { useLocation, useNavigation, useSubmit } from 'react-router'
import { imageUrl } from '#app/lib/image-url.ts'
import {
  describeRefusedPhotos,
  discardPhotoField,
  type PendingUpload,
  photoMessages,
  sentence,
  takePhotos,
} from '#app/lib/photo-rules.ts'
import { Button } from './button.tsx'
import { CloseIcon } from './icons.tsx'
import { useHydrated } from './use-hydrated.ts'

// The one photo field of the app: dog photos (add, edit, onboarding) and the profile photo (edit profile,
// onboarding). Without JavaScript it is a plain file input, and the photos the server holds (saved ones,
// and those kept from a submit that failed) show with submit buttons that remove them. With JavaScript
// the input hides behind a button-styled label; chosen files show as previews before anything is sent,
// each removable (the input's FileList is rebuilt with DataTransfer), with a live count, and a file the
// field cannot take is refused at once with the spec's message. Once a submit of the form has been
// answered the chosen files are cleared: the server has saved, kept or refused each of them.

/** A photo the server has saved, with the submit button that removes it (its own form, name and value). */
export type SavedPhoto = {
  path: string
  alt: string
  remove: { label: string; form?: string; name: string; value: string }
}

type PhotoPickerProps = {
  /** The file input's id and name. */
  id: string
  name: string
  /** The hidden inputs that carry the kept photos' tokens back. */
  keptName: string
  label: string
  /** Up to `max` photos in a grid; with `current` (the avatar shown until a new photo is chosen), one photo. */
  max?: number
  current?: ReactNode
  /** The message for files beyond `max`. */
  limitMessage?: string
  saved?: readonly SavedPhoto[]
  /** Photos of a failed submit that the server kept (pending uploads). */
  kept?: readonly PendingUpload[]
  /** The server's messages about the last submit's photos. */
  errors?: readonly string[]
  /** A button that sends the photo on its own ('Upload photo'); with nothing chosen it says so instead. */
  upload?: { label: string; name: string; value: string }
  /**
   * One button instead (onboarding's photo step, spec section 5): with JavaScript a chosen photo is sent at
   * once with this intent; without, it goes with the form's own submit.
   */
  sendOnChoose?: { name: string; value: string }
}

/** A tile: a saved photo, or a new one (kept by the server, or chosen and not sent yet), with its remove button. */
type Preview = { key: string; src: string | File; alt: string; remove: ReactNode; hidden?: ReactNode; isNew?: boolean }

const none: readonly never[] = []

export function PhotoPicker({
  id,
  name,
  keptName,
  label,
  max = 1,
  current,
  limitMessage = '',
  saved = none,
  kept = none,
  errors,
  upload,
  sendOnChoose,
}: PhotoPickerProps) {
  const hydrated = useHydrated()
  const submit = useSubmit()
  const [chosen, setChosen] = useState<File[]>([])
  const [removedTokens, setRemovedTokens] = useState<string[]>([])
  const [problems, setProblems] = useState<string[]>([])
  const [answeredErrors, setAnsweredErrors] = useState<readonly string[]>()
  // Bumped to put an empty input in place once a submit has been answered.
  const [generation, setGeneration] = useState(0)

  const navigation = useNavigation()
  const { pathname } = useLocation()
  // Sending ends with the server's answer (its word on each photo), not with the reload after it: a photo chosen
  // while the page reloads stays chosen. An answer that leads to another page leaves the photos shown until it comes.
  const sending = navigation.state === 'submitting' && navigation.formData?.has(name) === true
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== pathname
  const [wasSending, setWasSending] = useState(false)
  if (sending !== wasSending) {
    setWasSending(sending)
    if (!sending && !leaving) {
      setChosen([])
      setRemovedTokens([])
      setProblems([])
      setGeneration(generation + 1)
    }
  }

  const avatar = current !== undefined
  const keptShown = kept.filter(({ token }) => !removedTokens.includes(token))
  const count = saved.length + keptShown.length + chosen.length
  const full = !avatar && count >= max
  const shownErrors = problems.length ? problems : errors === answeredErrors ? none : (errors ?? none)
  const input = () => document.getElementById(id) as HTMLInputElement | null

  function show(files: File[], messages: string[] = []) {
    setChosen(files)
    setProblems(messages)
    setAnsweredErrors(errors)
    const transfer = new DataTransfer()
    for (const file of files) transfer.items.add(file)
    const element = input()
    if (element) element.files = transfer.files
  }

  /** Takes the files the input was given, within the field's limit, after those chosen before. */
  function take(files: File[]) {
    const { taken, refused } = takePhotos(files, avatar ? 1 : max - count, limitMessage)
    const replace = avatar && taken.length > 0
    if (replace) setRemovedTokens(kept.map(({ token }) => token))
    show(replace ? taken : [...chosen, ...taken], refused.map(describeRefusedPhotos))
    return taken
  }

  // Files chosen before this script had come (the input works without it) are taken as if chosen now; sending
  // them is left to the form's own submit.
  const takeEarlyFiles = useEffectEvent(() => {
    const early = [...(input()?.files ?? [])]
    if (early.length) take(early)
  })
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the input's files are state outside React, read once it hydrates
  useEffect(() => takeEarlyFiles(), [])

  function choose(event: ChangeEvent<HTMLInputElement>) {
    // The browser replaced the input's files with this selection; the earlier ones live in `chosen`.
    const taken = take([...(event.currentTarget.files ?? [])])
    const form = event.currentTarget.form
    if (sendOnChoose && taken.length > 0 && form) {
      // `show` has put the files in the input: the form's data holds them.
      const data = new FormData(form)
      data.set(sendOnChoose.name, sendOnChoose.value)
      void submit(data, { method: 'post', encType: 'multipart/form-data', action: form.getAttribute('action') ?? undefined, preventScrollReset: true })
    }
  }

  function removeKept(event: MouseEvent, token: string) {
    event.preventDefault() // without JavaScript the button asks the server to discard the photo
    setRemovedTokens([...removedTokens, token])
    show(chosen)
  }

  function requirePhoto(event: MouseEvent) {
    if (count > 0) return
    event.preventDefault()
    show([], [photoMessages.noPhotoChosen])
    input()?.focus()
  }

  const previews: Preview[] = [
    ...saved.map(({ path, alt, remove }) => ({
      key: path,
      src: imageUrl(path, 320),
      alt,
      remove: <RemoveButton type="submit" {...remove} />,
    })),
    ...keptShown.map(({ token, path }, index) => ({
      key: token,
      src: imageUrl(path, 320),
      alt: `New photo ${index + 1}, not saved yet`,
      isNew: true,
      hidden: <input type="hidden" name={keptName} value={token} />,
      remove: (
        <RemoveButton
          type="submit"
          label={`Remove new photo ${index + 1}`}
          name={discardPhotoField}
          value={token}
          disabled={sending}
          onClick={(event) => removeKept(event, token)}
        />
      ),
    })),
    ...chosen.map((file, index) => ({
      key: `${index}-${file.name}-${file.lastModified}`,
      src: file,
      alt: `${file.name}, not saved yet`,
      isNew: true,
      remove: (
        <RemoveButton
          type="button"
          label={`Remove ${file.name}`}
          disabled={sending}
          onClick={() => show(chosen.filter((_, other) => other !== index))}
        />
      ),
    })),
  ]
  const tiles = previews.length ? (
    <ul aria-label={avatar ? 'New profile photo' : `Photos, ${count} of ${max}`} className={avatar ? '' : 'grid max-w-md grid-cols-3 gap-3'}>
      {previews.map(({ key, ...preview }) => (
        <Tile key={key} {...preview} round={avatar} />
      ))}
    </ul>
  ) : null

  return (
    <div className={avatar ? 'flex flex-col items-center gap-4 sm:flex-row sm:items-start' : 'space-y-3'}>
      {avatar ? <div className="shrink-0">{tiles ?? current}</div> : tiles}
      <div className="w-full flex-1 space-y-2">
        {/* The same elements with and without JavaScript, so hydrating keeps a file chosen early; how they are
            drawn follows whether the browser runs scripts, not hydration (app.css, .photo-picker-*). */}
        <div className="photo-picker-row">
          <span className="photo-picker-control">
            <input
              key={generation}
              id={id}
              name={name}
              type="file"
              accept="image/*"
              multiple={!avatar}
              // With JavaScript a full field must still send the files it holds: a disabled input sends
              // nothing, so it only refuses to open the file chooser.
              disabled={!hydrated && full}
              aria-disabled={hydrated && (full || sending) ? true : undefined}
              onClick={(event) => (full || sending) && event.preventDefault()}
              onChange={choose}
              aria-invalid={shownErrors.length ? true : undefined}
              aria-describedby={`${id}-hint ${id}-error`}
              className="photo-picker-input"
            />
            <label htmlFor={id} className="photo-picker-label">
              {full ? 'Limit Reached' : label}
            </label>
          </span>
          {upload ? (
            <Button type="submit" variant="secondary" {...upload} formNoValidate disabled={sending} onClick={requirePhoto} className="min-h-11">
              {sending && navigation.formData?.get(upload.name) === upload.value ? 'Uploading...' : upload.label}
            </Button>
          ) : null}
          {/* Without JavaScript the files chosen cannot be counted: the count shows what the server holds. */}
          {avatar || !(hydrated || count) ? null : (
            <p aria-live="polite" className="text-sm font-medium text-stone-700">
              {count} of {max} photos
            </p>
          )}
        </div>
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {full && !shownErrors.some((message) => message.startsWith(limitMessage))
            ? sentence(limitMessage)
            : `JPEG, PNG, WebP or GIF, under 5 MB${avatar ? '' : ' each'}.`}
          {keptShown.length || chosen.length ? ` New ${avatar ? 'photo is' : 'photos are'} saved when you save the form.` : null}
        </p>
        <ul id={`${id}-error`} aria-live="polite" className="text-sm text-red-700">
          {shownErrors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/** A photo, saved or not yet (a chosen file shows through an object URL, released when the tile goes). */
function Tile({ src, alt, remove, hidden, isNew, round }: Omit<Preview, 'key'> & { round: boolean }) {
  const url = useMemo(() => (typeof src === 'string' ? src : URL.createObjectURL(src)), [src])
  useEffect(() => (typeof src === 'string' ? undefined : () => URL.revokeObjectURL(url)), [src, url])
  return (
    <li className="relative">
      <img src={url} alt={alt} className={`bg-stone-100 object-cover ${round ? 'size-24 rounded-full' : 'aspect-square w-full rounded-xl'}`} />
      {isNew ? (
        <span aria-hidden className="absolute bottom-1 left-1 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-medium text-white">
          New
        </span>
      ) : null}
      {hidden}
      {remove}
    </li>
  )
}

/** A 44 x 44 px target in the tile's corner, drawn as a smaller circle. */
function RemoveButton({
  label,
  ...props
}: {
  label: string
  type: 'submit' | 'button'
  form?: string
  name?: string
  value?: string
  disabled?: boolean
  onClick?: (event: MouseEvent) => void
}) {
  return (
    <button
      {...props}
      formNoValidate
      aria-label={label}
      className="group absolute -top-1 -right-1 flex size-11 items-center justify-center disabled:opacity-50"
    >
      <span className="rounded-full bg-white p-1.5 text-stone-800 shadow ring-1 ring-stone-900/10 group-focus-visible:ring-2 group-focus-visible:ring-brand-600">
        <CloseIcon className="size-4" />
      </span>
    </button>
  )
}
