// A buyer's account on a realtor's site (issue 32, docs/decisions/107-buyer-accounts.md): sign up with an
// email (a one-time link, no password), sign in by link, "My homes", saved homes and searches, sign out and
// delete. Registered on the tenant sub-app (./tenant.tsx), so they live at /{desiredUrl}/account,
// /en/{desiredUrl}/account and /account on the realtor's domain. Every form posts and answers a page or a
// 303; bad input is that page again with its problems (400), in the page's language, and nothing changed.
import { type Context, Hono } from 'hono'
import type { TenantEnv } from '../env'
import { forwardBuyerEvent } from '../lib/buyers/notify'
import { savedSearchFilters } from '../lib/buyers/searches'
import {
  type Buyer,
  createBuyer,
  createBuyerSession,
  deleteBuyer,
  deleteSearch,
  endBuyerSession,
  type Frequency,
  findBuyerByEmail,
  type Intent,
  isFrequency,
  issueBuyerLink,
  MAX_SAVED_SEARCHES,
  redeemBuyerLink,
  savedHomeKeys,
  savedSearchesOf,
  saveSearch,
  setHomeSaved,
  setSearchFrequency,
  updateBuyerDetails,
} from '../lib/buyers/store'
import { displayNameOf } from '../lib/home/profile'
import type { Locale } from '../lib/locale'
import { isListingKey, readListing } from '../lib/mls/home'
import { FOUND_HOME_COLUMNS, type FoundHome, type HomeSearch, parseHomeSearch } from '../lib/mls/search'
import { siteFeeds } from '../lib/mls/site'
import { sendLinkEmailIn } from '../lib/notifications/link-email'
import { outboxConfig } from '../lib/outbox/config'
import { afterAnswer } from '../lib/outbox/deliver'
import { parsePhone, phoneMessageKey } from '../lib/phone'
import { isPhoneText, PHONE_MAX_LENGTH } from '../lib/phone/input'
import { TOKEN_PATTERN } from '../lib/tokens'
import { sitePath } from '../lib/urls'
import { validationMessage } from '../lib/validation'
import { rateLimitAddress, requestBody } from '../middleware/api'
import {
  answerHeader,
  answerHeaders,
  buyerOf,
  buyerTokenOf,
  clearBuyerCookie,
  refererPagePath,
  setBuyerCookie,
  siteHref,
  siteNextPath,
} from '../middleware/buyer-session'
import { executionContextOf } from '../middleware/execution-context'
import { renderTenantPage } from '../render'
import {
  DeletedPage,
  DeletePage,
  type FieldErrors,
  type IntentFields,
  LinkPage,
  MAX_EMAIL,
  MAX_NAME,
  MyHomesPage,
  SentPage,
  SignUpPage,
} from '../views/buyers/BuyerPages'
import { MAX_SEARCH_NAME } from '../views/buyers/SaveSearchForm'
import { tOf } from '../views/home/sections/t'
import { TenantPage } from '../views/home/TenantPages'

type C = Context<TenantEnv>

/** A form's body is small: a few fields. */
const FORM_LIMIT = 8 * 1024
const NO_STORE = 'private, no-store'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const t = (c: C) => tOf({ intl: c.get('intl') })

/** The posted form's fields (urlencoded), read whole within FORM_LIMIT (a bigger or stalled body: our 4xx). */
async function formOf(c: C): Promise<URLSearchParams> {
  if (!c.req.raw.body) return new URLSearchParams()
  const bytes = await requestBody(c as never, FORM_LIMIT)
  return new URLSearchParams(new TextDecoder().decode(bytes))
}

/** A buyer page: never shared, never indexed. */
async function page(c: C, title: string, body: Parameters<typeof renderTenantPage>[1], status = 200) {
  // No registration prompt over the buyer's own pages.
  const response = await renderTenantPage(c, (frame) => body({ ...frame, buyerPrompt: 'hide' }), title, {
    noindex: true,
    status,
  })
  response.headers.set('Cache-Control', NO_STORE)
  return response
}

/** A page saying what was wrong with a post that has no form of its own to show again. */
function problem(c: C, status: number, message: string) {
  return page(
    c,
    t(c)('buyer.error.pageTitle'),
    (frame) => (
      <TenantPage frame={frame} title={t(c)('buyer.error.pageTitle')} intro={message}>
        <p>
          <a href={sitePath(c.var, '/account')}>{t(c)('buyer.account.title')}</a>
        </p>
      </TenantPage>
    ),
    status,
  )
}

const seeOther = (c: C, path: string) => {
  c.header('Cache-Control', NO_STORE)
  return c.redirect(siteHref(c, path), 303)
}

/**
 * Spends one of the budget's requests for `what` (the client's address, or an email): false when over it. Sign-up
 * and sign-in links share BUYER_LINK_LIMITER, under keys of their own, like password resets do theirs.
 */
async function withinBudget(c: C, keys: string[]): Promise<boolean> {
  const ip = rateLimitAddress(c as never, true)
  if (ip === null) return true
  const limiter = c.env.BUYER_LINK_LIMITER
  for (const key of [`buyer-ip:${ip}`, ...keys]) if (!(await limiter.limit({ key })).success) return false
  return true
}
const RETRY_SECONDS = 60
const tooMany = (c: C) => {
  answerHeader(c, 'Retry-After', String(RETRY_SECONDS))
  return t(c)('buyer.error.tooMany', { seconds: RETRY_SECONDS })
}

/** Runs `work` after the answer (its own failures logged, never the buyer's). */
function afterwards(c: C, work: Promise<unknown>, what: string): Promise<void> | undefined {
  const attempt = afterAnswer(work, what)
  const ctx = executionContextOf(c)
  if (ctx) {
    ctx.waitUntil(attempt)
    return undefined
  }
  return attempt
}

/**
 * The first attempt at telling the realtor of a buyer event just stored (a sign-up, a saved search), after the
 * answer; the cron retries what it does not settle (src/lib/buyers/notify.ts).
 */
function tellRealtor(c: C, eventId: number | null): void {
  if (eventId === null) return
  void afterwards(c, forwardBuyerEvent(outboxConfig(c.env, c.get('upstreamFetch')), eventId), `buyer event ${eventId}`)
}

/** Mails the buyer a new sign-in link to this site, in their language, leading to `next`. */
async function mailLink(c: C, buyer: Pick<Buyer, 'id' | 'email' | 'locale'>, next: string | null): Promise<void> {
  const token = await issueBuyerLink(c.env.DB, buyer.id, next)
  const realtor = c.get('realtor')
  // The link opens where the buyer is (this host: the realtor's domain or the provider's path), in their language.
  const base = `${new URL(c.req.url).origin}${buyer.locale === 'en' ? '/en' : ''}${c.get('tenantBase')}`
  await sendLinkEmailIn(outboxConfig(c.env, c.get('upstreamFetch')), {
    to: buyer.email,
    locale: buyer.locale,
    kind: 'buyer-link',
    href: `${base}/account/link?token=${token}`,
    ids: {
      subject: 'buyer.mail.subject',
      intro: 'buyer.mail.intro',
      note: 'buyer.mail.note',
      button: 'buyer.mail.button',
    },
    values: { realtor: displayNameOf(realtor, buyer.locale), email: buyer.email },
  })
}

// ---- Reading the forms -----------------------------------------------------------------------------------

function emailOf(c: C, form: URLSearchParams, errors: FieldErrors): string {
  const email = (form.get('email') ?? '').trim()
  if (!EMAIL.test(email) || email.length > MAX_EMAIL) errors.email = t(c)('buyer.error.email')
  return email
}

/** Name and phone (both optional); the phone as E.164, read as the contact form reads one (US first). */
function detailsOf(c: C, form: URLSearchParams, errors: FieldErrors) {
  const name = (form.get('name') ?? '').trim().normalize('NFC')
  if (name.length > MAX_NAME) errors.name = t(c)('buyer.error.name')
  const typed = (form.get('phone') ?? '').trim()
  let phone: string | null = null
  if (typed) {
    const parsed = typed.length <= PHONE_MAX_LENGTH && isPhoneText(typed) ? parsePhone(typed, 'US') : null
    if (parsed) phone = parsed.e164
    else errors.phone = validationMessage(phoneMessageKey('US'), c.get('locale') as Locale)
  }
  return { name: name || null, phone, typed: { name, phone: typed } }
}

function searchOf(c: C, query: string): HomeSearch | null {
  if (query.length > 600 || (query !== '' && !query.startsWith('?'))) return null
  const { feeds, start } = siteFeeds(c.get('realtor'))
  const params = new URLSearchParams(query)
  const { search, problems } = parseHomeSearch(params, feeds, start)
  return Object.keys(problems).length ? null : search
}

/** A search to save: its query re-read like the search page reads it (nothing else of the form is trusted). */
function searchToSave(c: C, fields: IntentFields, errors: FieldErrors) {
  const search = searchOf(c, fields.search ?? '')
  if (!search) errors.search = t(c)('buyer.error.search')
  const name = (fields.searchName ?? '').trim().normalize('NFC')
  if (!name || name.length > MAX_SEARCH_NAME) errors.searchName = t(c)('buyer.error.searchName')
  const frequency = fields.frequency ?? 'instant'
  if (!isFrequency(frequency)) errors.frequency = t(c)('buyer.error.frequency')
  if (!search || errors.searchName || errors.frequency) return null
  const twoFeeds = siteFeeds(c.get('realtor')).feeds.length > 1
  return { name, frequency: frequency as Frequency, filters: savedSearchFilters(search, { twoFeeds }) }
}

/** What a sign-up form carries of what was being saved. */
function intentFieldsOf(params: URLSearchParams): IntentFields {
  const fields: IntentFields = {}
  const home = params.get('home')
  if (home !== null) fields.home = home
  const search = params.get('search')
  if (search !== null) {
    fields.search = search
    fields.searchName = params.get('searchName') ?? ''
    fields.frequency = params.get('frequency') ?? 'instant'
  }
  return fields
}

/** The intent, checked: a home of this site's MLS, or a search the search page would run. */
async function intentOf(c: C, fields: IntentFields, errors: FieldErrors): Promise<Intent> {
  if (fields.home !== undefined) {
    const known = isListingKey(fields.home)
      ? await readListing(c.env.DB, siteFeeds(c.get('realtor')).feeds, fields.home)
      : null
    if (!known) {
      errors.home = t(c)('buyer.error.home')
      return null
    }
    return { kind: 'home', listingKey: fields.home }
  }
  if (fields.search !== undefined) {
    const search = searchToSave(c, fields, errors)
    return search ? { kind: 'search', ...search } : null
  }
  return null
}

function introOf(c: C, fields: IntentFields): string {
  if (fields.home !== undefined) return t(c)('buyer.signup.home')
  if (fields.search !== undefined)
    return t(c)('buyer.signup.search', { search: (fields.searchName ?? '').slice(0, MAX_SEARCH_NAME) })
  return t(c)('buyer.signup.intro', { name: displayNameOf(c.get('realtor'), c.get('locale')) })
}

function signUpPage(
  c: C,
  props: {
    status?: number
    values?: { email?: string; name?: string; phone?: string }
    errors?: FieldErrors
    message?: string
    intent?: IntentFields
    next?: string | null
    form?: 'signup' | 'signin'
  },
) {
  const intent = props.intent ?? {}
  return page(
    c,
    t(c)('buyer.signup.title'),
    (frame) => (
      <SignUpPage
        frame={frame}
        values={props.values ?? {}}
        errors={props.errors ?? {}}
        message={props.message}
        intent={intent}
        next={props.next ?? null}
        intro={introOf(c, intent)}
        form={props.form}
      />
    ),
    props.status ?? 200,
  )
}

function sentPage(c: C, email: string, next: string | null) {
  return page(c, t(c)('buyer.sent.title'), (frame) => (
    <SentPage frame={frame} email={email} continueHref={siteHref(c, next ?? '/')} />
  ))
}

// ---- Routes ------------------------------------------------------------------------------------------------

const app = new Hono<TenantEnv>()

app.use('*', answerHeaders())

/** My homes, or (signed out) the sign-up and sign-in forms. */
app.get('/account', async (c) => {
  const buyer = buyerOf(c)
  if (!buyer) return signUpPage(c, { next: siteNextPath(c.req.query('next')) })
  const notice = c.req.query('saved') === 'details' ? t(c)('buyer.account.savedDetails') : undefined
  return myHomes(c, buyer, { notice })
})

async function myHomes(
  c: C,
  buyer: Buyer,
  extra: { notice?: string; errors?: FieldErrors; values?: { name?: string; phone?: string }; status?: number },
) {
  const { feeds } = siteFeeds(c.get('realtor'))
  const [keys, searches] = await Promise.all([savedHomeKeys(c.env.DB, buyer.id), savedSearchesOf(c.env.DB, buyer.id)])
  let homes: FoundHome[] = []
  if (keys.length) {
    const { results } = await c.env.DB.prepare(
      `SELECT ${FOUND_HOME_COLUMNS} FROM listings
       WHERE listing_key IN (SELECT listing_key FROM saved_homes WHERE buyer_id = ?)
         AND market IN (${feeds.map(() => '?').join(', ')})`,
    )
      .bind(buyer.id, ...feeds)
      .all<FoundHome>()
    const order = new Map(keys.map((key, i) => [key, i]))
    homes = results.sort((a, b) => (order.get(a.listingKey) ?? 0) - (order.get(b.listingKey) ?? 0))
  }
  const found = new Set(homes.map((home) => home.listingKey))
  const gone = keys.filter((key) => !found.has(key))
  return page(
    c,
    t(c)('buyer.account.title'),
    (frame) => (
      <MyHomesPage
        frame={frame}
        buyer={buyer}
        homes={homes}
        gone={gone}
        searches={searches}
        notice={extra.notice}
        errors={extra.errors ?? {}}
        values={extra.values}
      />
    ),
    extra.status ?? 200,
  )
}

/** The sign-up form, keeping what was being saved (the heart's home, the search) and where to go back. */
app.get('/account/signup', async (c) => {
  const params = new URL(c.req.url).searchParams
  const next = siteNextPath(params.get('next'))
  if (buyerOf(c)) return seeOther(c, next ?? '/account')
  return signUpPage(c, { intent: intentFieldsOf(params), next })
})

app.post('/account/signup', async (c) => {
  const form = await formOf(c)
  const errors: FieldErrors = {}
  const email = emailOf(c, form, errors)
  const details = detailsOf(c, form, errors)
  if (form.get('consent') !== 'yes') errors.consent = t(c)('buyer.error.consent')
  const fields = intentFieldsOf(form)
  const intent = await intentOf(c, fields, errors)
  const next = siteNextPath(form.get('next'))
  const again = { values: { email, ...details.typed }, intent: fields, next }
  if (Object.keys(errors).length) return signUpPage(c, { ...again, status: 400, errors })
  const realtor = c.get('realtor')
  if (!(await withinBudget(c, [`buyer-email:${realtor.id}:${email.toLowerCase()}`])))
    return signUpPage(c, { ...again, status: 429, message: tooMany(c) })
  const locale = c.get('locale') as Locale
  const buyer = await createBuyer(
    c.env.DB,
    {
      realtorId: realtor.id,
      email,
      name: details.name,
      phone: details.phone,
      locale,
      consentText: t(c)('buyer.consent', { name: displayNameOf(realtor, locale) }),
    },
    intent,
  )
  // Where the saved thing is: the home's page; a search's results; else where they came from.
  const after =
    intent?.kind === 'home'
      ? `/homes/${encodeURIComponent(intent.listingKey)}`
      : intent?.kind === 'search'
        ? `/homes${intent.filters.query}`
        : next
  if (buyer) {
    // A new account: this browser is signed in, and the address gets its link to confirm.
    setBuyerCookie(c, await createBuyerSession(c.env.DB, buyer.id))
    await afterwards(c, mailLink(c, buyer, after), 'a buyer sign-up link')
    tellRealtor(c, buyer.eventId)
  } else {
    // An address with an account: nobody is signed in by typing it; its owner gets a link.
    await afterwards(
      c,
      findBuyerByEmail(c.env.DB, realtor.id, email).then((known) => known && mailLink(c, known, after)),
      'a buyer sign-in link',
    )
  }
  return sentPage(c, email, after)
})

/** A sign-in link for an address: the same answer whether it has an account here or not. */
app.post('/account/signin', async (c) => {
  const form = await formOf(c)
  const errors: FieldErrors = {}
  const email = emailOf(c, form, errors)
  const next = siteNextPath(form.get('next'))
  if (errors.email) return signUpPage(c, { status: 400, errors, values: { email }, next, form: 'signin' })
  const realtor = c.get('realtor')
  if (!(await withinBudget(c, [`buyer-email:${realtor.id}:${email.toLowerCase()}`])))
    return signUpPage(c, { status: 429, message: tooMany(c), values: { email }, next, form: 'signin' })
  await afterwards(
    c,
    findBuyerByEmail(c.env.DB, realtor.id, email).then((known) => known && mailLink(c, known, next)),
    'a buyer sign-in link',
  )
  return sentPage(c, email, next)
})

/**
 * A mailed link: a page with one button (GET spends nothing), never cached. Its address (the token) goes to no
 * other site: the site's Referrer-Policy sends other origins the origin alone, and the POST spends it.
 */
app.get('/account/link', async (c) => {
  const token = c.req.query('token') ?? ''
  if (!TOKEN_PATTERN.test(token))
    return signUpPage(c, { status: 400, message: t(c)('buyer.link.invalid'), form: 'signin' })
  const name = displayNameOf(c.get('realtor'), c.get('locale'))
  return page(c, t(c)('buyer.link.title', { name }), (frame) => <LinkPage frame={frame} token={token} />)
})

/** The link's button: the email is confirmed, this browser signed in, and on to where the link leads. */
app.post('/account/link', async (c) => {
  const form = await formOf(c)
  const redeemed = await redeemBuyerLink(c.env.DB, c.get('realtor').id, form.get('token') ?? '')
  if (!redeemed) return signUpPage(c, { status: 400, message: t(c)('buyer.link.invalid'), form: 'signin' })
  const old = buyerTokenOf(c)
  if (old) await endBuyerSession(c.env.DB, old)
  setBuyerCookie(c, await createBuyerSession(c.env.DB, redeemed.buyer.id))
  return seeOther(c, siteNextPath(redeemed.nextPath) ?? '/account')
})

app.post('/account/signout', async (c) => {
  const token = buyerTokenOf(c)
  if (token) await endBuyerSession(c.env.DB, token)
  clearBuyerCookie(c)
  return seeOther(c, '/')
})

app.post('/account/resend', async (c) => {
  const buyer = buyerOf(c)
  if (!buyer) return seeOther(c, '/account')
  if (buyer.confirmedAt) return seeOther(c, '/account')
  if (!(await withinBudget(c, [`buyer-email:${buyer.realtorId}:${buyer.email.toLowerCase()}`])))
    return problem(c, 429, tooMany(c))
  await afterwards(c, mailLink(c, buyer, '/account'), 'a buyer confirmation link')
  return sentPage(c, buyer.email, '/account')
})

app.post('/account/profile', async (c) => {
  const buyer = buyerOf(c)
  if (!buyer) return seeOther(c, '/account')
  const form = await formOf(c)
  const errors: FieldErrors = {}
  const details = detailsOf(c, form, errors)
  if (Object.keys(errors).length) return myHomes(c, buyer, { errors, values: details.typed, status: 400 })
  await updateBuyerDetails(c.env.DB, buyer, details)
  return seeOther(c, '/account?saved=details')
})

app.get('/account/delete', async (c) => {
  if (!buyerOf(c)) return seeOther(c, '/account')
  return page(c, t(c)('buyer.delete.title'), (frame) => <DeletePage frame={frame} />)
})

/** Deletes the account with everything of it (the schema's cascades), and signs this browser out. */
app.post('/account/delete', async (c) => {
  const buyer = buyerOf(c)
  if (!buyer) return seeOther(c, '/account')
  await deleteBuyer(c.env.DB, buyer)
  clearBuyerCookie(c)
  c.set('buyer', null)
  return page(c, t(c)('buyer.deleted.title'), (frame) => <DeletedPage frame={frame} />)
})

/** "Save this search": signed out, to the sign-up form keeping the search; else saved, and to My homes. */
app.post('/account/searches', async (c) => {
  const form = await formOf(c)
  const fields: IntentFields = {
    search: form.get('query') ?? '',
    searchName: form.get('name') ?? '',
    frequency: form.get('frequency') ?? 'instant',
  }
  const errors: FieldErrors = {}
  const search = searchToSave(c, fields, errors)
  if (!search) return problem(c, 400, Object.values(errors).join(' '))
  const buyer = buyerOf(c)
  if (!buyer) {
    const query = new URLSearchParams({
      search: search.filters.query,
      searchName: search.name,
      frequency: search.frequency,
    })
    return seeOther(c, `/account/signup?${query}`)
  }
  const { outcome, eventId } = await saveSearch(c.env.DB, buyer, search)
  tellRealtor(c, eventId)
  if (outcome === 'full') return problem(c, 400, t(c)('buyer.error.full', { max: MAX_SAVED_SEARCHES }))
  return seeOther(c, '/account')
})

const searchIdOf = (c: C) => {
  const id = c.req.param('id') ?? ''
  return /^\d{1,12}$/.test(id) ? Number(id) : null
}

app.post('/account/searches/:id', async (c) => {
  const buyer = buyerOf(c)
  if (!buyer) return seeOther(c, '/account')
  const form = await formOf(c)
  const frequency = form.get('frequency')
  if (!isFrequency(frequency)) return problem(c, 400, t(c)('buyer.error.frequency'))
  const id = searchIdOf(c)
  if (id === null || !(await setSearchFrequency(c.env.DB, buyer.id, id, frequency)))
    return problem(c, 404, t(c)('buyer.error.search'))
  return seeOther(c, '/account')
})

app.post('/account/searches/:id/delete', async (c) => {
  const buyer = buyerOf(c)
  if (!buyer) return seeOther(c, '/account')
  const id = searchIdOf(c)
  if (id === null || !(await deleteSearch(c.env.DB, buyer.id, id))) return problem(c, 404, t(c)('buyer.error.search'))
  return seeOther(c, '/account')
})

/**
 * The heart: `saved=1` saves the home, `saved=0` unsaves it, then back to the page it was pressed on. Signed
 * out, the sign-up form instead, keeping the home.
 */
app.post('/homes/:key/save', async (c) => {
  const key = c.req.param('key') ?? ''
  const form = await formOf(c)
  const saved = form.get('saved')
  if (!isListingKey(key) || (saved !== '1' && saved !== '0')) return problem(c, 400, t(c)('buyer.error.home'))
  const back = refererPagePath(c) ?? `/homes/${encodeURIComponent(key)}`
  const buyer = buyerOf(c)
  if (!buyer) return seeOther(c, `/account/signup?${new URLSearchParams({ home: key, next: back })}`)
  if (saved === '1' && !(await readListing(c.env.DB, siteFeeds(c.get('realtor')).feeds, key)))
    return problem(c, 400, t(c)('buyer.error.home'))
  await setHomeSaved(c.env.DB, buyer.id, key, saved === '1')
  return seeOther(c, back)
})

export default app
