// A page that is not there on a realtor's site (issue 31, docs/decisions/103-names-per-language.md): the error
// in the realtor's own frame (header, footer, colours) and the page's language, with the way back to their home.
import { isSpecMessage } from '../../lib/errors'
import { sitePath } from '../../lib/urls'
import { errorTextIds } from '../ErrorPage'
import type { TenantFrame } from './TenantLayout'
import { TenantLayout } from './TenantLayout'

export function TenantErrorPage({ frame, status, message }: { frame: TenantFrame; status: number; message: string }) {
  const { ctx, name } = frame
  const t = (id: string, values?: Record<string, string>) => ctx.intl.formatMessage({ id }, values)
  const ids = errorTextIds(status)
  return (
    <TenantLayout frame={frame}>
      <article className="tenant-page tenant-error" data-status={status}>
        <p className="tenant-error__status">{status}</p>
        <h1>{t(ids.title)}</h1>
        <p className="tenant-page__intro">{t(ids.body)}</p>
        {message ? (
          <p className="tenant-error__message" lang={isSpecMessage(message) ? 'en' : undefined}>
            {message}
          </p>
        ) : null}
        <p>
          <a className="tenant-error__home" href={sitePath(ctx)}>
            {t('error.backToRealtor', { name })}
          </a>
        </p>
      </article>
    </TenantLayout>
  )
}
