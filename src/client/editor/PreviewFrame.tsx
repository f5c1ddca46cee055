// The preview's screen: the rendered homepage in an <iframe srcdoc> at the device's real width
// (1280 px desktop, 390 px phone), scaled down to fit its box. Scripts never run in it (the page is
// server-rendered; islands stay as drawn), its links open in a new tab, its forms do not submit, and a
// new render keeps the scroll position of the one it replaces.
import { useEffect, useMemo, useRef, useState } from 'react'

export type PreviewDevice = 'desktop' | 'phone'

export const DEVICE_WIDTH: Record<PreviewDevice, number> = { desktop: 1280, phone: 390 }

/**
 * What the frame's document adds to the page's head: its own policy, no scripts and no form posts
 * (a policy, not the sandbox attribute, so the page stays inspectable by the browser's tools and axe),
 * and every link opening in a new tab: the editor itself never navigates away.
 */
const FRAME_HEAD = `<meta http-equiv="Content-Security-Policy" content="script-src 'none'; form-action 'none'"><base target="_blank">`

/** The page as the frame shows it: its scripts left out (islands stay as the server drew them), FRAME_HEAD in. */
export function framedDocument(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, '')
    .replace(/<head([^>]*)>/i, `<head$1>${FRAME_HEAD}`)
}

export function PreviewFrame({
  html,
  device,
  title,
  onEscape,
}: {
  html: string | null
  device: PreviewDevice
  title: string
  /** Escape pressed inside the frame (its key events do not reach the editor's document). */
  onEscape?: () => void
}) {
  const box = useRef<HTMLDivElement>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const scrollTop = useRef(0)
  const [size, setSize] = useState({ width: 0, height: 0 })

  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // Read where the reader was just before the new document replaces the old one.
  const srcDoc = useMemo(() => {
    scrollTop.current = frame.current?.contentWindow?.scrollY ?? scrollTop.current
    return html === null ? undefined : framedDocument(html)
  }, [html])

  const width = DEVICE_WIDTH[device]
  const scale = size.width > 0 ? Math.min(1, size.width / width) : 1
  return (
    <div ref={box} className={`preview__viewport preview__viewport--${device}`}>
      <div className="preview__device" style={{ width: width * scale, height: size.height }}>
        {srcDoc === undefined ? null : (
          <iframe
            ref={frame}
            title={title}
            srcDoc={srcDoc}
            data-testid="preview-frame"
            data-device={device}
            style={{ width, height: size.height / scale, transform: `scale(${scale})` }}
            onLoad={() => {
              const view = frame.current?.contentWindow
              view?.scrollTo(0, scrollTop.current)
              view?.document.addEventListener('keydown', (event) => {
                if (event.key === 'Escape') onEscape?.()
              })
            }}
          />
        )}
      </div>
    </div>
  )
}
