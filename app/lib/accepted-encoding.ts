// The content encodings the server sends (shared page copies, precompressed assets), and which one a client takes.

export const encodings = ['br', 'gzip', 'identity'] as const
export type Encoding = (typeof encodings)[number]

/** What the client takes: brotli, else gzip, else the plain bytes (`;q=0` refuses an encoding). */
export function acceptedEncoding(acceptEncoding: string | null | undefined): Encoding {
  const quality = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim())
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    if (name) quality.set(name, q ? Number(q.slice(2)) : 1)
  }
  const takes = (encoding: Encoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : 'identity'
}
