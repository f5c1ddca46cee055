// A page rendered whole (src/lib/render-to-buffer.ts) is byte for byte what React's web stream gives.
import { renderToReadableStream } from 'react-dom/server.node'
import { describe, expect, it } from 'vitest'
import { renderToBuffer } from '../../src/lib/render-to-buffer'

function Page({ text, big }: { text: string; big: string }) {
  return (
    <html lang="ko">
      <head>
        <title>{text}</title>
      </head>
      <body>
        <p className="intro">{text}</p>
        {/* Larger than React's 4 KB buffer: React hands it to the destination as a string. */}
        <script type="application/json" dangerouslySetInnerHTML={{ __html: big }} />
        <ul>
          {Array.from({ length: 300 }, (_, i) => (
            <li key={i} data-index={i}>{`${text} ${i}`}</li>
          ))}
        </ul>
      </body>
    </html>
  )
}

async function viaStream(element: React.ReactElement): Promise<Uint8Array> {
  const stream = await renderToReadableStream(element)
  await stream.allReady
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

describe('renderToBuffer', () => {
  it('gives the bytes the web stream gives, multi-byte text and large pieces included', async () => {
    const props = { text: '집을 찾는 분께 — 🏡 <&>', big: JSON.stringify({ homes: '한'.repeat(3000) }) }
    const whole = await renderToBuffer(<Page {...props} />)
    expect(whole).toEqual(await viaStream(<Page {...props} />))
    const html = new TextDecoder().decode(whole)
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain('집을 찾는 분께 — 🏡 &lt;&amp;&gt; 299')
  })

  it('rejects when the shell fails', async () => {
    function Broken(): never {
      throw new Error('no shell')
    }
    await expect(renderToBuffer(<Broken />)).rejects.toThrow('no shell')
  })
})
