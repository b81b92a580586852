import type { RawData } from 'ws'

/** A WebSocket text frame as a string: ws hands it over as a Buffer, an ArrayBuffer or Buffer fragments (by binaryType). */
export function socketFrameText(raw: RawData) {
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8')
  return (raw instanceof ArrayBuffer ? Buffer.from(raw) : raw).toString('utf8')
}
