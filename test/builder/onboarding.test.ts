// Onboarding (issue 17): the checklist rule, the field-label rule shared by the import's and the save's
// messages, the contact email a new account starts with, and the homes of a realtor's first region.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { type FieldSpec, SECTIONS } from '../../src/client/editor/sections'
import { REALTOR_EDITOR_MESSAGES } from '../../src/client/islands/RealtorEditor'
import { checklistOf } from '../../src/lib/builder/checklist'
import { describeFieldErrors, fieldLabel } from '../../src/lib/builder/field-labels'
import { startCity } from '../../src/lib/home/listings'
import { loadBuilderMessages } from '../../src/lib/i18n'
import { messagesOf } from '../../src/lib/island-messages'
import { REALTOR_DEFAULTS } from '../../src/lib/realtors/schema'
import { ADMIN, api, login } from '../api/client'
import { PUBLISHABLE } from '../fixtures/publishable'

// The builder's messages, read from their asset as every builder request reads them (decision 094).
beforeAll(() => loadBuilderMessages(env.ASSETS))

const fresh = { ...REALTOR_DEFAULTS, desiredUrl: 'fresh' }
const translate = (locale: 'ko' | 'en') => {
  const messages = messagesOf(locale, REALTOR_EDITOR_MESSAGES)
  return (key: string) => messages[key] ?? key
}

describe('the onboarding checklist', () => {
  it('starts at 0 of 9 for a new homepage, each step pointing at the field (or screen) to fill', () => {
    const list = checklistOf(fresh)
    expect(list).toMatchObject({ done: 0, total: 9, complete: false })
    expect(list.items.map(({ step, path }) => [step, path])).toEqual([
      ['photo', 'photos'],
      ['about', 'aboutMeKr'],
      ['region', 'activityRegion'],
      ['contact', 'contactPhone'],
      // What publishing needs (decision 101): the license, and the brokerage's name (an etcInfo item).
      ['license', 'licenseNumber'],
      ['brokerage', 'etcInfo.company_name'],
      ['colours', 'designMainColor'],
      ['notify', 'notifications'],
      ['publish', 'isMakeHomepage'],
    ])
  })

  it('ticks "notifications reach you" only once a channel delivered, whatever the profile says', () => {
    const step = (notified: boolean) => checklistOf(fresh, { notified }).items.find((item) => item.step === 'notify')
    expect(step(false)?.done).toBe(false)
    expect(step(true)?.done).toBe(true)
  })

  it('counts a step only when all of it is done', () => {
    const half = checklistOf({
      ...fresh,
      photos: [{ path: 'top', imageType: 'fullsize', url: 'https://x.example/top.jpg' }],
      aboutMeKr: '안녕하세요',
      aboutMeEn: '   ',
      activityRegion: [{ state: 'GA', city: '', neighborhood: '', zipcode: '' }],
      contactPhone: '949-555-0142',
    })
    expect(half.done).toBe(0)
    // The link goes to the half that is missing.
    expect(half.items.find((item) => item.step === 'about')?.path).toBe('aboutMeEn')
    expect(half.items.find((item) => item.step === 'contact')?.path).toBe('email')
  })

  it('is complete with a portrait, both about texts, a city, phone and email, a license and brokerage, a design choice, a notification and publishing', () => {
    const done = checklistOf(
      {
        ...fresh,
        photos: [{ path: 'id', imageType: 'fullsize', url: 'https://x.example/me.jpg' }],
        aboutMeKr: '안녕하세요',
        aboutMeEn: 'Hello',
        activityRegion: [{ state: 'GA', city: 'Duluth', neighborhood: '', zipcode: '' }],
        contactPhone: '949-555-0142',
        email: 'me@example.com',
        designMainColor: '#0A7D5A',
        ...PUBLISHABLE,
        isMakeHomepage: 'Y',
      },
      { notified: true },
    )
    expect(done).toMatchObject({ done: 9, complete: true })
  })

  it('takes a dark mode as a design choice, and the default colour in another case as none', () => {
    const colours = (patch: Partial<typeof fresh>) =>
      checklistOf({ ...fresh, ...patch }).items.find((item) => item.step === 'colours')?.done
    expect(colours({ contentDarkMode: 'Y' })).toBe(true)
    expect(colours({ designMainDarkMode: 'Y' })).toBe(true)
    expect(colours({ designMainColor: REALTOR_DEFAULTS.designMainColor.toUpperCase() })).toBe(false)
  })
})

describe('field labels', () => {
  it('name fields, list items and SEO fields by the editor’s labels in both languages', () => {
    const en = translate('en')
    const ko = translate('ko')
    expect(fieldLabel('contactPhone', en)).toBe('Contact phone')
    expect(fieldLabel('activityRegion.0.city', en)).toBe('Activity region 1 · City')
    expect(fieldLabel('activityRegion.2.zipcode', ko)).toBe('활동 지역 3 · 우편번호')
    expect(fieldLabel('additionalSections.1.content', en)).toBe('Additional section 2 · Content (Korean page)')
    expect(fieldLabel('testimonials.0.quoteEn', en)).toBe('Testimonial 1 · Quote (English page)')
    expect(fieldLabel('sectionOrder', ko)).toBe(ko('builder.sections.order'))
    expect(fieldLabel('seoMeta.en.description', en)).toBe('English page · Description')
    expect(fieldLabel('etcInfo.0', en)).toBe('Extra information 1')
    // A path with no label stays readable rather than disappearing.
    expect(fieldLabel('somethingElse', en)).toBe('somethingElse')
    expect(
      describeFieldErrors(
        [
          { path: 'contactPhone', message: 'Bad.' },
          { path: '', message: 'Whole file.' },
        ],
        en,
      ),
    ).toEqual(['Contact phone: Bad.', 'Whole file.'])
  })

  it('give every field of the editor a label, never its raw path', () => {
    const paths: string[] = []
    const collect = (fields: FieldSpec[], base: string) => {
      for (const spec of fields) {
        if (spec.kind === 'group') collect(spec.fields, base)
        else if (spec.kind === 'list') collect(spec.fields, `${spec.path}.0`)
        else if (spec.kind !== 'photos') paths.push(base ? `${base}.${spec.path}` : spec.path)
      }
    }
    for (const section of SECTIONS) collect(section.fields, '')
    for (const locale of ['ko', 'en'] as const) {
      const m = translate(locale)
      expect(
        paths.filter((path) => fieldLabel(path, m) === path || /builder\.|\.\d/.test(fieldLabel(path, m))),
      ).toEqual([])
    }
  })
})

describe('a new account', () => {
  it('starts with the account email as the homepage’s contact email', async () => {
    const account = {
      name: 'Grace Oh',
      email: 'grace.oh@realtor.local',
      password: 'grace-oh-2026',
      desiredUrl: 'grace-oh',
    }
    const token = await login(ADMIN)
    const response = await api('/v1/accounts', { method: 'POST', json: account, token })
    expect(response.status).toBe(201)
    const { realtor } = (await response.json()) as { realtor: { email: string; isMakeHomepage: string } }
    expect(realtor.email).toBe('grace.oh@realtor.local')
    // A new homepage is unpublished: read as the admin (docs/decisions/043-publishing.md).
    expect(((await (await api('/v1/realtor/grace-oh', { token })).json()) as { email: string }).email).toBe(
      'grace.oh@realtor.local',
    )
  })

  it('an older homepage with no contact email is offered the account email in the editor', async () => {
    const token = await login(ADMIN)
    const created = await api('/v1/accounts', {
      method: 'POST',
      json: {
        name: 'Old Timer',
        email: 'old.timer@realtor.local',
        password: 'old-timer-2026',
        desiredUrl: 'old-timer',
      },
      token,
    })
    const { realtor } = (await created.json()) as { realtor: { id: number } }
    await api(`/v1/realtor/${realtor.id}`, { method: 'PATCH', json: { email: '' }, token })
    const editor = await api('/old-timer/admin', { token })
    expect(editor.status).toBe(200)
    expect(await editor.text()).toContain('"accountEmail":"old.timer@realtor.local"')
  })
})

describe('homes from the first activity region', () => {
  it('opens on the first region’s city, in its own state when the §9 picker does not list it', () => {
    expect(startCity([{ state: 'GA', city: 'Duluth' }])).toEqual({ state: 'GA', city: 'Duluth' })
    expect(
      startCity([
        { state: 'GA', city: ' ' },
        { state: 'CA', city: 'irvine' },
      ]),
    ).toEqual({ state: 'CA', city: 'Irvine' })
    expect(
      startCity([
        { state: 'GA', city: 'Suwanee' },
        { state: 'CA', city: 'Tustin' },
      ]),
    ).toEqual({
      state: 'GA',
      city: 'Suwanee',
    })
    expect(startCity([])).toEqual({ state: 'CA', city: 'Irvine' })
  })

  it('a Duluth, GA realtor’s homepage shows Duluth homes, not Irvine ones', async () => {
    await env.DB.prepare(
      `INSERT INTO listings (id, deal_type, property_type, property_status, market, agent_license, state, county, city,
         address, zipcode, price, beds, baths, sqft, image_url, listed_at)
       VALUES (99001, 'sale', 'single_family', 'active', 'fmls', '', 'GA', 'Gwinnett', 'Duluth', '3150 Pleasant Hill Rd',
         '30096', 689000, 4, 3, 2850, '/photos/seed/equityrealty/gallery-1.png', '2026-10-01T12:00:00.000Z')`,
    ).run()
    const token = await login(ADMIN)
    const created = await api('/v1/accounts', {
      method: 'POST',
      json: {
        name: 'Duluth Agent',
        email: 'duluth@realtor.local',
        password: 'duluth-2026',
        desiredUrl: 'duluth-agent',
      },
      token,
    })
    const { realtor } = (await created.json()) as { realtor: { id: number } }
    const patch = await api(`/v1/realtor/${realtor.id}`, {
      method: 'PATCH',
      json: {
        ...PUBLISHABLE,
        activityRegion: [{ state: 'GA', city: 'Duluth', neighborhood: '', zipcode: '30096' }],
        isMakeHomepage: 'Y',
      },
      token,
    })
    expect(patch.status).toBe(200)
    const html = await (await api('/duluth-agent')).text()
    expect(html).toContain('3150 Pleasant Hill Rd')
    // Their one area: no picker of other markets' cities, a link to all of Duluth's homes instead.
    expect(html).not.toContain('<option value="Irvine"')
    expect(html).toContain('href="/duluth-agent/homes?city=Duluth"')
    expect(html).not.toMatch(/<option value="Irvine" selected/)
  })
})
