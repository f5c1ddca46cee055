// A buyer's alert mail's links on the realtor's site (docs/decisions/108-listing-alerts.md), mounted on the
// tenant sub-app before its page cache and publish switch, and never cached (each answer is one buyer's):
//   GET  /alerts/unsubscribe?t=…   a page whose button posts; opening it changes nothing (mail scanners open links)
//   POST /alerts/unsubscribe?t=…   RFC 8058's one-click: every saved search of the buyer goes 'off' (no cookie,
//                                  any origin: src/middleware/origin.ts OPEN_WRITES names exactly this path)
//   GET  /alerts/open/{id}.gif?t=… the open pixel: the alert's opened_at, once
// A token that is malformed, forged or another realtor's answers a translated 400 page and changes nothing.
import { type Context, Hono } from 'hono'
import type { TenantEnv } from '../env'
import { sessionSecret } from '../lib/accounts/config'
import { verifyOpenToken, verifyUnsubscribeToken } from '../lib/alerts/tokens'
import { displayNameOf } from '../lib/home/profile'
import { sitePath } from '../lib/urls'
import { renderTenantPage } from '../render'
import { TenantPage } from '../views/home/TenantPages'

const app = new Hono<TenantEnv>()

const NO_STORE = 'private, no-store'

/** The smallest transparent GIF (1×1). */
const PIXEL = Uint8Array.from(atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'), (character) =>
  character.charCodeAt(0),
)

type State = 'ask' | 'done' | 'invalid'

async function buyerOf(c: Context<TenantEnv>): Promise<number | null> {
  const secret = sessionSecret(c.env)
  if (!secret) return null
  const claims = await verifyUnsubscribeToken(secret, c.req.query('t'))
  // A token signed for another realtor's buyer is not this site's to act on.
  return claims && claims.realtorId === c.get('realtor').id ? claims.buyerId : null
}

function page(c: Context<TenantEnv>, state: State) {
  c.set('cacheable', false)
  const t = (id: string, values?: Record<string, string>) => c.get('intl').formatMessage({ id }, values)
  const realtor = displayNameOf(c.get('realtor'), c.get('locale'))
  const title = t('alerts.unsubscribe.title')
  const token = c.req.query('t') ?? ''
  const action = `${sitePath(c.var, '/alerts/unsubscribe')}?t=${encodeURIComponent(token)}`
  return renderTenantPage(
    c,
    (frame) => (
      <TenantPage frame={frame} title={title}>
        <section className="alerts-unsubscribe" data-testid="alerts-unsubscribe">
          {state === 'ask' ? (
            <form method="post" action={action}>
              <p>{t('alerts.unsubscribe.ask', { realtor })}</p>
              <button type="submit" className="button">
                {t('alerts.unsubscribe.button')}
              </button>
            </form>
          ) : state === 'done' ? (
            <p role="status" className="notice notice--ok">
              {t('alerts.unsubscribe.done')}
            </p>
          ) : (
            <p role="alert" className="notice notice--error">
              {t('alerts.unsubscribe.invalid')}
            </p>
          )}
          <p>
            <a href={sitePath(frame.ctx, '/account')}>{t('alerts.unsubscribe.manage')}</a>
          </p>
        </section>
      </TenantPage>
    ),
    title,
    { noindex: true, status: state === 'invalid' ? 400 : 200 },
  ).then((response) => {
    response.headers.set('Cache-Control', NO_STORE)
    return response
  })
}

app.get('/alerts/unsubscribe', async (c) => page(c, (await buyerOf(c)) === null ? 'invalid' : 'ask'))

app.post('/alerts/unsubscribe', async (c) => {
  const buyerId = await buyerOf(c)
  if (buyerId === null) return page(c, 'invalid')
  const realtorId = c.get('realtor').id
  // Every search off, and what waited for their next alert dropped, in one batch; a deleted buyer has none.
  await c.env.DB.batch([
    c.env.DB.prepare(
      `DELETE FROM alert_matches WHERE alert_id IS NULL AND search_id IN
         (SELECT id FROM saved_searches WHERE buyer_id = ?1 AND realtor_id = ?2)`,
    ).bind(buyerId, realtorId),
    c.env.DB.prepare(
      `UPDATE saved_searches SET frequency = 'off' WHERE buyer_id = ?1 AND realtor_id = ?2 AND frequency <> 'off'`,
    ).bind(buyerId, realtorId),
  ])
  return page(c, 'done')
})

app.get('/alerts/open/:file', async (c) => {
  const match = /^(\d{1,15})\.gif$/.exec(c.req.param('file') ?? '')
  const secret = sessionSecret(c.env)
  const alertId = match ? Number(match[1]) : 0
  if (match && secret && (await verifyOpenToken(secret, alertId, c.req.query('t')))) {
    await c.env.DB.prepare(`UPDATE alerts SET opened_at = ?3 WHERE id = ?1 AND realtor_id = ?2 AND opened_at IS NULL`)
      .bind(alertId, c.get('realtor').id, new Date().toISOString())
      .run()
  }
  // The same image whatever the token: a mail client shows nothing either way.
  return new Response(PIXEL, { headers: { 'Content-Type': 'image/gif', 'Cache-Control': NO_STORE } })
})

export default app
