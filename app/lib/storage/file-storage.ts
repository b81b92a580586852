import type { Readable } from 'node:stream'

// The seam between the app and where its stored images live (decision 067): a local folder on one machine,
// an S3-compatible bucket shared by several. Keys are relative paths such as `avatars/<owner>/<uuid>-800.webp`,
// the same in both.

/** A stored file opened for reading; `etag` changes whenever the content could have. */
export type StoredFile = { size: number; etag: string; body: Readable }

export type FileStorage = {
  /** Where the files are, for messages: `the folder data/uploads`, `the bucket pawpal-photos`. */
  readonly description: string
  /** Writes a new file; throws StoredFileExistsError when `key` holds one already (files are written once). */
  put(key: string, data: Uint8Array, contentType: string): Promise<void>
  /** The file at `key`, or null when there is none. Whoever gets it destroys or consumes `body`. */
  get(key: string): Promise<StoredFile | null>
  /** Removes the file at `key`; a missing one is not an error. */
  delete(key: string): Promise<void>
  /** Every key that starts with `prefix`, sorted. */
  list(prefix: string): Promise<string[]>
  /** True when the storage answers within two seconds (GET /readyz). */
  isReachable(): Promise<boolean>
}

export class StoredFileExistsError extends Error {
  constructor(key: string) {
    super(`A stored file already exists at ${key}`)
    this.name = 'StoredFileExistsError'
  }
}

// A segment never starts with a dot: no `.`, no `..`, no hidden file.
const keySegment = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/

/** `key` when it is a relative path of safe segments; throws for anything that could leave the storage's root. */
export function checkedKey(key: string) {
  if (!key.split('/').every((segment) => keySegment.test(segment))) throw new Error(`Not a storage key: ${JSON.stringify(key)}`)
  return key
}

/** A listing prefix: empty, or a key, or a key followed by `/`. */
export function checkedPrefix(prefix: string) {
  if (prefix !== '') checkedKey(prefix.endsWith('/') ? prefix.slice(0, -1) : prefix)
  return prefix
}

export const reachabilityLimitMs = 2_000

/** The answer of `check`, or false when it fails or takes longer than two seconds. */
export async function answersInTime(check: (signal: AbortSignal) => Promise<unknown>) {
  const signal = AbortSignal.timeout(reachabilityLimitMs)
  const late = new Promise<false>((resolve) => signal.addEventListener('abort', () => resolve(false), { once: true }))
  const answered = check(signal).then(
    () => true,
    () => false,
  )
  return Promise.race([answered, late])
}
