// /{desiredUrl}/admin/notifications/confirm (docs/decisions/063-notifications-on-by-default.md): the page
// the confirmation link opens. Opening it changes nothing (mail scanners open links); the button posts the
// token, and the answer says whether the address now gets the homepage's contacts. Works without JavaScript.
import type { PageContext } from '../context'
import { BuilderPage } from './BuilderPage'

export type ConfirmState = { kind: 'ask'; token: string } | { kind: 'done'; email: string } | { kind: 'invalid' }

export function NotificationConfirmPage({
  ctx,
  title,
  state,
  homepage,
}: {
  ctx: PageContext
  title: string
  state: ConfirmState
  homepage: string
}) {
  const t = (id: string, values?: Record<string, string>) => ctx.intl.formatMessage({ id }, values)
  return (
    <BuilderPage ctx={ctx} title={title}>
      <section className="card notify" data-testid="notify-confirm">
        {state.kind === 'ask' ? (
          <form method="post">
            <p>{t('builder.notify.confirm.ask', { homepage })}</p>
            <input type="hidden" name="token" value={state.token} />
            <button type="submit" className="button">
              {t('builder.notify.confirm.button')}
            </button>
          </form>
        ) : state.kind === 'done' ? (
          <p role="status" className="notice notice--ok">
            {t('builder.notify.confirm.done', { homepage, email: state.email })}
          </p>
        ) : (
          <p role="alert" className="notice notice--error">
            {t('builder.notify.confirm.invalid')}
          </p>
        )}
      </section>
    </BuilderPage>
  )
}
