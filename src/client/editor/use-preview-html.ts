// The editor's preview document: the unsaved draft posted to this site's /admin/preview, which answers
// the homepage as the live page's own components render it (src/routes/preview.tsx). Requests wait
// until typing pauses, and a newer draft cancels the request of an older one.
import { useEffect, useMemo, useRef, useState } from 'react'
import { inputOf, type RealtorDraft } from '../../lib/builder/form'
import { type Locale, localizedPath, splitLocalePath } from '../../lib/locale'

export interface PreviewDocument {
  /** The last preview rendered, kept while the next one loads (null before the first). */
  html: string | null
  status: 'loading' | 'ready' | 'error'
}

/** Typing pauses this long before the draft is rendered. */
const PAUSE_MS = 400

/**
 * The preview endpoint of the editor at `pathname` (`/{desiredUrl}/admin`, `/en/{desiredUrl}/admin`,
 * a custom domain's `/admin`) in `language`: the editor's own site, so the same session and origin.
 */
export function previewPath(pathname: string, language: Locale): string {
  const site = splitLocalePath(pathname).rest.replace(/\/admin\/?$/, '')
  return localizedPath(language, `${site}/admin/preview`)
}

/** The preview of `draft` in `language`, fetched only while `active` (the preview is on screen). */
export function usePreviewHtml(draft: RealtorDraft, language: Locale, active: boolean): PreviewDocument {
  const [preview, setPreview] = useState<PreviewDocument>({ html: null, status: 'loading' })
  const body = useMemo(() => JSON.stringify(inputOf(draft)), [draft])
  const shown = useRef<string | null>(null)

  useEffect(() => {
    const key = `${language}\n${body}`
    if (!active || shown.current === key) return
    const controller = new AbortController()
    setPreview((current) => ({ ...current, status: 'loading' }))
    async function load() {
      try {
        const response = await fetch(previewPath(location.pathname, language), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
          signal: controller.signal,
        })
        if (!response.ok) throw new Error(`preview ${response.status}`)
        const html = await response.text()
        shown.current = key
        setPreview({ html, status: 'ready' })
      } catch (error) {
        if (controller.signal.aborted) return
        console.warn('[preview]', error)
        setPreview((current) => ({ ...current, status: 'error' }))
      }
    }
    // The first preview comes at once; later ones once typing pauses.
    const timer = setTimeout(() => void load(), shown.current === null ? 0 : PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [body, language, active])

  return preview
}
