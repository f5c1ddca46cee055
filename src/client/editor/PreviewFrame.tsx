// The preview's screen: the rendered homepage in a sandboxed <iframe srcdoc> at the device's real width
// (1280 px desktop, 390 px phone), scaled down to fit its box. Scripts never run in it (the page is
// server-rendered; islands stay inert), its links open in a new tab, its forms do not submit, and a new
// render keeps the scroll position of the one it replaces.
import { useEffect, useMemo, useRef, useState } from 'react'

export type PreviewDevice = 'desktop' | 'phone'

export const DEVICE_WIDTH: Record<PreviewDevice, number> = { desktop: 1280, phone: 390 }

/** No scripts or form posts; same origin so the editor can keep the scroll; links may open a new tab. */
const SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox'

/** The page with every link opening in a new tab: the editor itself never navigates away. */
export function framedDocument(html: string): string {
  return html.replace(/<head([^>]*)>/i, '<head$1><base target="_blank">')
}

export function PreviewFrame({ html, device, title }: { html: string | null; device: PreviewDevice; title: string }) {
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
            sandbox={SANDBOX}
            data-testid="preview-frame"
            data-device={device}
            style={{ width, height: size.height / scale, transform: `scale(${scale})` }}
            onLoad={() => frame.current?.contentWindow?.scrollTo(0, scrollTop.current)}
          />
        )}
      </div>
    </div>
  )
}
