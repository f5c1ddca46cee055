// The demo realtors of seed/0001_realtors.sql must be valid input, varied, and keep the fixture's two.
import { describe, expect, it } from 'vitest'
import seedSql from '../../seed/0001_realtors.sql?raw'
import { complianceOf, missingToPublish } from '../../src/lib/realtors/compliance'
import { realtorCreateSchema } from '../../src/lib/realtors/schema'
import { PHOTO_PATHS } from '../../src/lib/realtors/types'
import { localizeIssues } from '../../src/lib/validation'

const rows = [...seedSql.matchAll(/\((\d+), \d+, '([\w-]+)', (?:'([^']+)'|NULL), '(\{.*\})'\);/g)].map((m) => ({
  id: Number(m[1]),
  desiredUrl: m[2]!,
  host: m[3] ?? null,
  profile: JSON.parse(m[4]!.replace(/''/g, "'")) as Record<string, unknown>,
}))

describe('seed/0001_realtors.sql', () => {
  it('holds 10 realtors, equityrealty and janekim with their custom domains among them', () => {
    expect(rows).toHaveLength(10)
    expect(rows.find((r) => r.desiredUrl === 'equityrealty')).toMatchObject({ id: 1, host: 'equityrealty.example' })
    expect(rows.find((r) => r.desiredUrl === 'janekim')).toMatchObject({ id: 2, host: 'janekim.example' })
  })

  it('passes the realtor schema unchanged, with photos of every path and both states', () => {
    const states = new Set<string>()
    for (const { desiredUrl, profile } of rows) {
      const result = realtorCreateSchema.safeParse({ ...profile, desiredUrl })
      expect(result.success ? [] : localizeIssues(result.error.issues, 'en'), desiredUrl).toEqual([])
      expect(result.data).toEqual({ ...profile, desiredUrl })
      const paths = new Set((profile.photos as { path: string }[]).map((p) => p.path))
      expect([...paths].sort(), desiredUrl).toEqual([...PHOTO_PATHS].sort())
      for (const region of profile.activityRegion as { state: string }[]) states.add(region.state)
    }
    expect([...states].sort()).toEqual(['CA', 'GA'])
  })

  it('publishes every demo homepage whole: a license under its state and a brokerage (decision 101)', () => {
    for (const { desiredUrl, profile } of rows) {
      const realtor = realtorCreateSchema.parse({ ...profile, desiredUrl })
      expect(realtor.isMakeHomepage, desiredUrl).toBe('Y')
      expect(missingToPublish(realtor), desiredUrl).toEqual([])
      const { state, license, brokerage, brokerageLicense } = complianceOf(realtor)
      expect(license, desiredUrl).toMatch(state === 'CA' ? /^\d{8}$/ : /^\d{6}$/)
      expect(brokerageLicense, desiredUrl).toMatch(state === 'CA' ? /^\d{8}$/ : /^H-\d{5}$/)
      expect(brokerage, desiredUrl).toMatch(/Realty/)
    }
    expect(new Set(rows.map((r) => JSON.stringify(r.profile.etcInfo))).size).toBe(10)
  })

  it('varies colours, dark mode and Korean and English text between realtors', () => {
    const distinct = (key: string) => new Set(rows.map((r) => JSON.stringify(r.profile[key]))).size
    expect(distinct('designMainColor')).toBe(10)
    expect(distinct('aboutMeKr')).toBe(10)
    expect(distinct('aboutMeEn')).toBe(10)
    expect(distinct('designMainDarkMode')).toBe(2)
  })
})
