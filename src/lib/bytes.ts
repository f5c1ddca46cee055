// Chunks of bytes read whole (a request body, an upstream's answer, a rendered page) joined into one buffer.

/** `chunks` one after another in a buffer of `size` bytes, their total length. */
export function joinChunks(chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
