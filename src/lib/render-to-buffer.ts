// React's streaming renderer into one buffer, for pages that are sent whole: those the page cache
// keeps and those a bot asked for (src/render.tsx), and the benchmark's renderer reference.
import type { ReactElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server.node'
import { joinChunks } from './bytes'

/**
 * What React's pipe() writes a page into: its chunks, kept in memory until the page ends. The
 * contract is the part of a Node Writable that React's renderToPipeableStream uses.
 */
class PageBuffer {
  private static readonly encoder = new TextEncoder()
  private readonly chunks: Uint8Array[] = []
  private length = 0

  constructor(
    private readonly done: (page: Uint8Array<ArrayBuffer>) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Bytes, or a string for a piece too large for React's 4 KB buffer (a stylesheet, island props). */
  write(chunk: Uint8Array | string): boolean {
    const bytes = typeof chunk === 'string' ? PageBuffer.encoder.encode(chunk) : chunk
    this.chunks.push(bytes)
    this.length += bytes.byteLength
    return true
  }

  end(): void {
    this.done(joinChunks(this.chunks, this.length))
  }

  destroy(error: unknown): void {
    this.failed(error)
  }

  on(): this {
    return this
  }
}

/**
 * A complete page in one buffer: React's streaming renderer (renderToPipeableStream), piped straight
 * into memory once everything is ready. A page read whole gains nothing from a web ReadableStream
 * between React and the response, which cost ~0.3 ms of CPU per tenant home in workerd
 * (docs/decisions/005-data-cache-and-benchmark-topology.md). A shell error rejects (app.onError then
 * renders the 500 page); a later one is logged and its Suspense boundary renders the fallback.
 */
export function renderToBuffer(
  document: ReactElement,
  { nonce }: { nonce?: string | undefined } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    let shellReady = false
    const { pipe } = renderToPipeableStream(document, {
      nonce,
      onShellReady() {
        shellReady = true
      },
      onShellError: reject,
      onError(error) {
        console.error(shellReady ? '[render] error after the shell' : '[render] error while rendering', error)
      },
      onAllReady() {
        pipe(new PageBuffer(resolve, reject) as unknown as NodeJS.WritableStream)
      },
    })
  })
}
