// libphonenumber-js's metadata as the deployed worker has it (docs/decisions/110-phone-metadata-asset.md): not
// in the bundle (19 KB gzip of it) but a static asset the build writes, read through the ASSETS binding by an
// isolate's first request or cron run and kept for the isolate. Only the worker's build reads numbers through
// it (wrangler.toml's [alias] of `libphonenumber-js/min`, src/server-only/phone-min.ts, which marks itself
// here); elsewhere (vitest, the browser's chunk) the library's own entry carries its metadata and this loads
// nothing.
import type { MetadataJson } from 'libphonenumber-js/core'
import { PHONE_METADATA } from '../../generated/phone'

/** Set by the worker build's `libphonenumber-js/min` (src/server-only/phone-min.ts) when it is loaded. */
const marker = globalThis as { __phoneMetadataFromAsset?: boolean; __phoneMetadata?: MetadataJson }

/** Said by the worker build's entry when its module is evaluated: numbers are read with the asset's metadata. */
export function usePhoneMetadataAsset(): void {
  marker.__phoneMetadataFromAsset = true
}

/** The metadata read from the asset; throws if no request or cron run has loaded it (a wiring mistake). */
export function phoneMetadata(): MetadataJson {
  const metadata = marker.__phoneMetadata
  if (!metadata) throw new Error('[phone] the metadata asset was not loaded (loadPhoneMetadata): run npm run build')
  return metadata
}

/**
 * Reads the metadata asset once per isolate when the worker build needs it; a no-op otherwise and once read.
 * A failed read keeps nothing and throws: the next request tries again. The metadata is kept, never the
 * read's promise (as the legal texts, src/lib/i18n.ts).
 */
export async function loadPhoneMetadata(assets: { fetch(input: URL): Promise<Response> } | undefined): Promise<void> {
  if (!marker.__phoneMetadataFromAsset || marker.__phoneMetadata) return
  if (!assets) throw new Error('[phone] no ASSETS binding to read the metadata from')
  const response = await assets.fetch(new URL(PHONE_METADATA, 'https://assets.invalid'))
  if (!response.ok) throw new Error(`[phone] ${PHONE_METADATA} answered ${response.status}: run npm run build`)
  const metadata = (await response.json()) as MetadataJson
  marker.__phoneMetadata ??= metadata
}
