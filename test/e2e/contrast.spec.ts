import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { adminRequest } from './accounts'
import { expect, test } from './fixtures'
import { failures, textContrasts } from './readable-text'

// Every visible text of every demo homepage, in Korean and English and in each design mode, reaches its
// WCAG contrast (4.5:1, 3:1 for large text) against what is painted behind it (test/e2e/readable-text.ts).
// The modes are set through the API as an admin would, and each realtor's own are restored after.
const SEED = readFileSync(path.join(import.meta.dirname, '../../seed/0001_realtors.sql'), 'utf8')
const DEMO_REALTORS = [...SEED.matchAll(/INTO realtors \([^)]*\) VALUES\s*\(\d+, \d+, '([^']+)'/g)].map((m) => m[1]!)

type YesNo = 'Y' | 'N'
interface Modes {
  designMainDarkMode: YesNo
  contentDarkMode: YesNo
}
const ALL_MODES: Modes[] = (['N', 'Y'] as const).flatMap((main) =>
  (['N', 'Y'] as const).map((content) => ({ designMainDarkMode: main, contentDarkMode: content })),
)
const flip = (v: YesNo): YesNo => (v === 'Y' ? 'N' : 'Y')
const label = (m: Modes) => `main-dark ${m.designMainDarkMode}, content-dark ${m.contentDarkMode}`

let admin: APIRequestContext

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await adminRequest(playwright, baseURL)
})

test.afterAll(async () => {
  await admin?.dispose()
})

test('the seed has the ten demo realtors', () => {
  expect(DEMO_REALTORS).toHaveLength(10)
})

for (const slug of DEMO_REALTORS) {
  test(`${slug}: every visible text is readable in each design mode and locale`, async ({ page }, info) => {
    test.setTimeout(180_000)
    const realtor = await (await admin.get(`/v1/realtor/${slug}`)).json()
    const own: Modes = { designMainDarkMode: realtor.designMainDarkMode, contentDarkMode: realtor.contentDarkMode }
    // All four combinations on a desktop; on a phone, the realtor's own and both flipped.
    const modes =
      info.project.name === 'desktop'
        ? ALL_MODES
        : [own, { designMainDarkMode: flip(own.designMainDarkMode), contentDarkMode: flip(own.contentDarkMode) }]
    const found: string[] = []
    try {
      for (const mode of modes) {
        expect((await admin.patch(`/v1/realtor/${realtor.id}`, { data: mode })).status()).toBe(200)
        for (const prefix of ['', '/en']) {
          const url = `${prefix}/${slug}`
          expect((await page.goto(url, { waitUntil: 'networkidle' }))?.status(), url).toBe(200)
          await expect(page.locator('body')).toHaveClass(
            [
              'home',
              mode.designMainDarkMode === 'Y' ? 'home--main-dark' : null,
              mode.contentDarkMode === 'Y' ? 'home--content-dark' : null,
            ]
              .filter(Boolean)
              .join(' '),
          )
          await page.evaluate(() => document.fonts.ready)
          const result = await textContrasts(page)
          expect(result.checked.length, url).toBeGreaterThan(40)
          expect(result.covered, `${url}: texts never seen uncovered`).toEqual([])
          found.push(...failures(result).map((line) => `${url} (${label(mode)}): ${line}`))
        }
      }
    } finally {
      await admin.patch(`/v1/realtor/${realtor.id}`, { data: own })
    }
    expect(found, found.join('\n')).toEqual([])
  })
}
