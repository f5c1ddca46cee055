// The realtor data service's APIs (SPEC.md §7, docs/config.md): /v1/realtor, /v1/auth and /photos,
// behind one CORS policy. Mounted at the root of the worker before the pages.
import { Hono } from 'hono'
import type { AppEnv } from '../../env'
import { isPublicRealtorRead } from '../../lib/realtors/contract'
import { apiCors } from '../../middleware/cors'
import accounts from './accounts'
import auth from './auth'
import photos from './photos'
import realtor from './realtor'

const app = new Hono<AppEnv>()

const cors = apiCors({ isPublicRead: isPublicRealtorRead })
for (const path of ['/v1/realtor', '/v1/realtor/*', '/v1/auth/*', '/v1/accounts', '/photos/*']) app.use(path, cors)

app.route('/v1/realtor', realtor)
app.route('/v1/auth', auth)
app.route('/v1/accounts', accounts)
app.route('/photos', photos)

export default app
