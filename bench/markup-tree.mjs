// A page's HTML as a tree React can render again (docs/decisions/058-render-at-scale.md): the renderer
// reference renders a tenant home's exact markup with React alone, so what the page costs beyond it is
// ours (data, i18n, formats, island props, head). The HTML is React's own output (well formed, quoted
// attributes), so a small tokenizer reads it. A node is a string (text) or [tag, props, children];
// <script> and <style> keep their raw text as `dangerouslySetInnerHTML`, as the pages render them; image
// preloads go, since React makes them again from the <img> elements.

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
])
const RAW = new Set(['script', 'style'])
/** Attributes whose React prop has another name. */
const PROPS = {
  class: 'className',
  for: 'htmlFor',
  charset: 'charSet',
  'http-equiv': 'httpEquiv',
  crossorigin: 'crossOrigin',
  tabindex: 'tabIndex',
  fetchpriority: 'fetchPriority',
  srcset: 'srcSet',
  referrerpolicy: 'referrerPolicy',
  autocomplete: 'autoComplete',
  maxlength: 'maxLength',
  minlength: 'minLength',
  inputmode: 'inputMode',
  enterkeyhint: 'enterKeyHint',
  readonly: 'readOnly',
  novalidate: 'noValidate',
  autofocus: 'autoFocus',
  allowfullscreen: 'allowFullScreen',
  playsinline: 'playsInline',
  itemprop: 'itemProp',
  itemscope: 'itemScope',
  itemtype: 'itemType',
  colspan: 'colSpan',
  rowspan: 'rowSpan',
  datetime: 'dateTime',
  accesskey: 'accessKey',
  contenteditable: 'contentEditable',
  spellcheck: 'spellCheck',
  'accept-charset': 'acceptCharset',
  frameborder: 'frameBorder',
  hreflang: 'hrefLang',
  imagesizes: 'imageSizes',
  imagesrcset: 'imageSrcSet',
}
/** Attributes React writes as `name=""` when true. */
const BOOLEAN = new Set([
  'async',
  'defer',
  'hidden',
  'disabled',
  'required',
  'checked',
  'selected',
  'multiple',
  'open',
  'novalidate',
  'autofocus',
  'readonly',
  'allowfullscreen',
  'playsinline',
  'muted',
  'loop',
  'controls',
  'itemscope',
  'inert',
])

const decode = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, code) => {
    if (code[0] === '#')
      return String.fromCodePoint(
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1)),
      )
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }[code.toLowerCase()]
  })

/** `a:b;--c:d` as React's style object (custom properties keep their names). */
function styleOf(text) {
  const style = {}
  for (const part of text.split(';')) {
    const colon = part.indexOf(':')
    if (colon < 0) continue
    const name = part.slice(0, colon).trim()
    const value = part.slice(colon + 1).trim()
    const key = name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, c) => c.toUpperCase())
    style[key.startsWith('Ms') ? `ms${key.slice(2)}` : key] = value
  }
  return style
}

function propsOf(source) {
  const props = {}
  for (const [, name, value] of source.matchAll(/([^\s=/>]+)(?:="([^"]*)")?/g)) {
    const raw = value === undefined ? '' : decode(value)
    if (name === 'style') props.style = styleOf(raw)
    else if (BOOLEAN.has(name.toLowerCase())) props[PROPS[name] ?? name] = true
    else props[PROPS[name] ?? name] = raw
  }
  return props
}

/** The tree of a whole document: its root <html> node. Comments (React's text separators, boundaries) go. */
export function markupTree(html) {
  const root = ['#root', {}, []]
  const stack = [root]
  const re =
    /<!--[\s\S]*?-->|<!DOCTYPE[^>]*>|<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>|[^<]+/gy
  for (let match = re.exec(html); match; match = re.exec(html)) {
    const [token, closing, tag, attributes] = match
    const parent = stack[stack.length - 1]
    if (closing) {
      if (stack.length > 1) stack.pop()
    } else if (tag) {
      // React writes an image's preload itself, from the <img> (as it did for the page).
      if (tag === 'link' && /\brel="preload"/.test(attributes) && /\bas="image"/.test(attributes)) continue
      const node = [tag, propsOf(attributes ?? ''), []]
      parent[2].push(node)
      if (RAW.has(tag)) {
        const end = html.indexOf(`</${tag}>`, re.lastIndex)
        const text = html.slice(re.lastIndex, end)
        if (text) node[1].dangerouslySetInnerHTML = { __html: text }
        re.lastIndex = end + tag.length + 3
      } else if (!VOID.has(tag)) stack.push(node)
    } else if (token[0] !== '<') {
      parent[2].push(decode(token))
    }
  }
  const html_ = root[2].find((node) => Array.isArray(node) && node[0] === 'html')
  if (!html_) throw new Error('markupTree: no <html> element')
  return html_
}
