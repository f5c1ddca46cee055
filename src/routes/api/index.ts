// Every API of the worker (docs/product.md §7, docs/config.md), mounted at the root before the pages:
// the realtor data service (/v1/realtor, /v1/auth, /v1/accounts, /photos) behind one CORS policy, the
// contact form (/v1/realtor-contacts), homepage views (/v1/views), listings (/cozying-api) and the landing
// page's leads and events (/api).
import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { VIEWS_PATH } from '../../lib/page-views/beacon'
import { isPublicRealtorRead } from '../../lib/realtors/contract'
import { apiCors } from '../../middleware/cors'
import accountSettings from './account-settings'
import accounts from './accounts'
import auth from './auth'
import buyers from './buyers'
import contacts from './contacts'
import { domainAdmin, realtorDomain } from './domains'
import { contactInbox, leadInbox } from './inbox'
import invitation from './invitation'
import leads from './leads'
import listings from './listings'
import notifications from './notifications'
import passwordReset from './password-reset'
import photos from './photos'
import push from './push'
import realtor from './realtor'
import views from './views'

const app = new Hono<AppEnv>()

const cors = apiCors({ isPublicRead: isPublicRealtorRead })
for (const path of ['/v1/realtor', '/v1/realtor/*', '/v1/auth/*', '/v1/accounts', '/v1/accounts/*', '/photos/*'])
  app.use(path, cors)

// Before /v1/realtor, whose upstream proxy would otherwise take these paths.
app.route('/v1/realtor/:id/notifications', notifications)
app.route('/v1/realtor/:id/push', push)
app.route('/v1/realtor', realtor)
// Custom domains (docs/decisions/053-custom-domains.md): same-origin builder calls, no CORS.
app.route('/v1/realtors/:id/domain', realtorDomain)
app.route('/v1/domains', domainAdmin)
app.route('/v1/auth/password-reset', passwordReset)
app.route('/v1/auth/invitation', invitation)
app.route('/v1/auth', auth)
app.route('/v1/accounts/me', accountSettings)
app.route('/v1/accounts', accounts)
app.route('/photos', photos)
app.route('/v1/realtor-contacts', contacts)
// After the public form's POST, which ends its own chain: the inbox's CORS never sees it.
app.route('/v1/realtor-contacts', contactInbox)
app.route('/v1/leads', leadInbox)
// The inbox's buyers (docs/decisions/109-buyers-in-the-inbox.md).
app.route('/v1/realtor-buyers', buyers)
// The view beacon of a homepage's pages (docs/decisions/071-view-beacon.md).
app.route(VIEWS_PATH, views)
app.route('/cozying-api', listings)
app.route('/api', leads)

export default app
