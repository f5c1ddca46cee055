// The editor's custom domain: read-only. A domain is connected, checked and removed on the Domain screen
// (docs/decisions/054-domain-screen.md); the profile's `hompageUrl` names it only once it is verified, so
// this line shows the verified domain or that none is connected, and links to that screen.
import { getIn } from '../../lib/builder/form'
import { parseHttpUrl } from '../../lib/html'
import type { EditorForm } from './form-binding'

export function DomainLine({
  form,
  path,
  label,
  href,
  m,
}: {
  form: EditorForm
  path: string
  label: string
  href: string
  m: (key: string) => string
}) {
  const url = parseHttpUrl(String(getIn(form.draft, path) ?? ''))
  return (
    <div className="field domain-line" data-testid="editor-domain">
      <span className="domain-line__label">{label}</span>
      <p className="domain-line__value">
        {url ? (
          <a href={url.origin} target="_blank" rel="noopener">
            {url.host}
          </a>
        ) : (
          <span className="muted">{m('builder.domain.editor.notConnected')}</span>
        )}
        <a className="domain-line__manage" href={href}>
          {m(url ? 'builder.domain.editor.manage' : 'builder.domain.editor.connect')}
        </a>
      </p>
      <p className="field__hint">{m('builder.domain.editor.hint')}</p>
    </div>
  )
}
