// Compliance by default (docs/decisions/101-compliance-by-default.md): the license label of the realtor's state,
// what publishing needs, and the footer every homepage carries — name, license, brokerage, the EHO mark — in
// Korean and English.
import { describe, expect, it } from 'vitest'
import { checklistOf } from '../../src/lib/builder/checklist'
import {
  complianceOf,
  licenseNumberOf,
  licenseStateOf,
  missingToPublish,
  publishRefusal,
  stateLabelKey,
} from '../../src/lib/realtors/compliance'
import { REALTOR_DEFAULTS } from '../../src/lib/realtors/schema'
import type { ActivityRegion, Realtor } from '../../src/lib/realtors/types'
import { createApp } from '../../src/worker'
import { fixtureRealtor, fixtureStore } from '../fixtures/fixture-realtors'
import { call } from '../helpers'

const region = (state: 'CA' | 'GA', city = 'Irvine'): ActivityRegion => ({ state, city, neighborhood: '', zipcode: '' })
const brokerage = (content: string) => ({ contentType: 'company_name' as const, content })

describe('the license label of a realtor’s state', () => {
  it('is the first region’s state: California’s DRE, Georgia’s, none without a region', () => {
    expect(licenseStateOf([region('CA'), region('GA', 'Duluth')])).toBe('CA')
    expect(licenseStateOf([region('GA', 'Duluth'), region('CA')])).toBe('GA')
    expect(licenseStateOf([])).toBe('')
    expect(stateLabelKey('home.license', 'CA')).toBe('home.license.ca')
    expect(stateLabelKey('home.license', 'GA')).toBe('home.license.ga')
    expect(stateLabelKey('home.license', '')).toBe('home.license')
  })

  it('takes the number without a label the realtor already typed, so none is doubled', () => {
    expect(licenseNumberOf('DRE #02011427')).toBe('02011427')
    expect(licenseNumberOf(' 02011427 ')).toBe('02011427')
    expect(licenseNumberOf('DRE Corp. #02011400')).toBe('02011400')
    expect(licenseNumberOf('GA Firm #H-61290')).toBe('H-61290')
    expect(licenseNumberOf('GA #358812')).toBe('358812')
    expect(licenseNumberOf('Lic. No. 358812')).toBe('358812')
    expect(licenseNumberOf('DRE')).toBe('DRE')
  })
})

describe('what publishing needs', () => {
  const none = { licenseNumber: '', etcInfo: [] }
  const both = { licenseNumber: '02199876', etcInfo: [brokerage('Irvine Pacific Realty')] }

  it('is the license and the brokerage’s name, blank text counting as none', () => {
    expect(missingToPublish(none)).toEqual(['licenseNumber', 'brokerageName'])
    expect(missingToPublish({ licenseNumber: ' ', etcInfo: [brokerage('  ')] })).toEqual([
      'licenseNumber',
      'brokerageName',
    ])
    expect(missingToPublish({ ...none, etcInfo: [{ contentType: 'company_license', content: '01' }] })).toEqual([
      'licenseNumber',
      'brokerageName',
    ])
    expect(missingToPublish(both)).toEqual([])
  })

  it('refuses to publish without them and to take them from a published homepage, never an unpublished one', () => {
    const Y = 'Y' as const
    const N = 'N' as const
    expect(publishRefusal({ ...none, isMakeHomepage: N }, { ...none, isMakeHomepage: Y })).toEqual([
      'licenseNumber',
      'brokerageName',
    ])
    expect(publishRefusal(null, { ...none, isMakeHomepage: Y })).toEqual(['licenseNumber', 'brokerageName'])
    expect(publishRefusal(null, { ...both, isMakeHomepage: Y })).toEqual([])
    expect(publishRefusal({ ...both, isMakeHomepage: Y }, { ...none, isMakeHomepage: N })).toEqual([])
    expect(publishRefusal({ ...both, isMakeHomepage: Y }, { ...both, licenseNumber: '', isMakeHomepage: Y })).toEqual([
      'licenseNumber',
    ])
    // Published before the rule and still missing a part: other saves go on.
    expect(publishRefusal({ ...none, isMakeHomepage: Y }, { ...none, isMakeHomepage: Y })).toEqual([])
  })

  it('is two steps of the checklist, each pointing at its field', () => {
    const fresh = { ...REALTOR_DEFAULTS, desiredUrl: 'fresh' }
    const steps = (profile: typeof fresh) =>
      checklistOf(profile)
        .items.filter((item) => item.step === 'license' || item.step === 'brokerage')
        .map(({ step, done, path }) => [step, done, path])
    expect(steps(fresh)).toEqual([
      ['license', false, 'licenseNumber'],
      ['brokerage', false, 'etcInfo.company_name'],
    ])
    expect(steps({ ...fresh, licenseNumber: '1', etcInfo: [brokerage('B')] }).map(([, done]) => done)).toEqual([
      true,
      true,
    ])
  })
})

describe('the footer of every homepage', () => {
  const realtor = (overrides: Partial<Realtor>) =>
    fixtureRealtor({ id: 41, desiredUrl: 'footer-agent', name: 'Mina Seo', ...overrides })
  const pages = async (profile: Realtor, paths = ['/footer-agent', '/en/footer-agent']): Promise<string[]> => {
    const app = createApp({ realtors: () => fixtureStore([profile]) })
    return Promise.all(
      paths.map(async (path) => {
        const html = await (await call(path, { app })).text()
        return /<footer class="tenant-footer">(.*?)<\/footer>/s.exec(html)?.[1] ?? ''
      }),
    )
  }
  const CA_REALTOR = realtor({
    activityRegion: [region('CA')],
    licenseNumber: 'DRE #01234567',
    etcInfo: [brokerage('Irvine Pacific Realty'), { contentType: 'company_license', content: '01230000' }],
  })

  it('shows name, "DRE #" license, brokerage and its license, and the EHO mark, in Korean and English', async () => {
    const [ko = '', en = ''] = await pages(CA_REALTOR)
    expect(ko).toContain('<p data-testid="footer-license">DRE #01234567</p>')
    expect(en).toContain('<p data-testid="footer-license">DRE #01234567</p>')
    for (const html of [ko, en]) {
      expect(html).toContain('Mina Seo')
      expect(html).toContain('data-testid="footer-brokerage">Irvine Pacific Realty</p>')
    }
    expect(ko).toContain('<p>중개회사 DRE #01230000</p>')
    expect(en).toContain('<p>Brokerage DRE #01230000</p>')
    expect(ko).toMatch(/<svg class="eho-mark" role="img" aria-label="평등 주택 기회"[^>]*><path d="M16 1 /)
    expect(en).toMatch(/<svg class="eho-mark" role="img" aria-label="Equal Housing Opportunity"[^>]*><path /)
    // The mark's order: the licenses first, the mark after them.
    expect(en.indexOf('footer-license')).toBeLessThan(en.indexOf('eho-mark'))
  })

  it('labels a Georgia license "License #" (면허 번호), a brokerage license likewise', async () => {
    const [ko = '', en = ''] = await pages(
      realtor({
        activityRegion: [region('GA', 'Duluth')],
        licenseNumber: 'GA #358812',
        etcInfo: [brokerage('Duluth Hearth Realty'), { contentType: 'company_license', content: 'H-61290' }],
      }),
    )
    expect(en).toContain('<p data-testid="footer-license">License #358812</p>')
    expect(ko).toContain('<p data-testid="footer-license">면허 번호 358812</p>')
    expect(en).toContain('<p>Brokerage license #H-61290</p>')
    expect(ko).toContain('<p>중개회사 면허 번호 H-61290</p>')
    expect(en).not.toContain('DRE')
  })

  it('carries the mark on every page of the site, and leaves out lines it has nothing for', async () => {
    const [terms = '', homes = ''] = await pages(CA_REALTOR, ['/footer-agent/terms', '/en/footer-agent/homes'])
    for (const html of [terms, homes]) expect(html).toContain('class="eho-mark"')
    expect(homes).toContain('DRE #01234567')
    const [bare = ''] = await pages(realtor({ activityRegion: [region('CA')] }))
    expect(bare).toContain('평등 주택 기회')
    expect(bare).not.toContain('footer-license')
    expect(bare).not.toContain('footer-brokerage')
  })

  it('reads its lines from the profile: the state, the bare license, the brokerage and its license', () => {
    expect(complianceOf(CA_REALTOR)).toEqual({
      state: 'CA',
      license: '01234567',
      brokerage: 'Irvine Pacific Realty',
      brokerageLicense: '01230000',
    })
  })
})
