import type { APIRequestContext } from '@playwright/test'
import sharp from 'sharp'
import { adminRequest } from './accounts'
import { expectNoAxeViolations } from './axe'
import { expect, test } from './fixtures'
import { failures, textContrasts } from './readable-text'

// Each homepage design (docs/decisions/112-homepage-designs.md), in Korean and English, in every design mode (dark
// header, dark body, both, neither), with a light and a dark brand colour: every visible text reaches its WCAG
// contrast (4.5:1, 3:1 for large text) against what is really painted behind it — the photo under the editorial
// hero's scrim is read from the screen's pixels (test/e2e/readable-text.ts) — and axe finds nothing. On a phone
// every combination; on a desktop the light and the fully dark page with the light brand, the harder one.
const SLUG = 'janekim'
const DESIGNS = ['clean', 'editorial', 'warm'] as const
/** A light brand (dark text on its buttons, too pale as text on paper) and a dark one. */
const BRANDS = { light: '#f5c518', dark: '#1f2a44' } as const

type YesNo = 'Y' | 'N'
interface Modes {
  designMainDarkMode: YesNo
  contentDarkMode: YesNo
}
const MODES: Modes[] = (['N', 'Y'] as const).flatMap((main) =>
  (['N', 'Y'] as const).map((content) => ({ designMainDarkMode: main, contentDarkMode: content })),
)
const label = (m: Modes) => `dark header ${m.designMainDarkMode}, dark body ${m.contentDarkMode}`

let admin: APIRequestContext

test.beforeAll(async ({ playwright, baseURL }) => {
  admin = await adminRequest(playwright, baseURL)
})

test.afterAll(async () => {
  await admin?.dispose()
})

for (const design of DESIGNS) {
  for (const [tone, brand] of Object.entries(BRANDS)) {
    test(`${design} with a ${tone} brand colour: every text is readable and axe finds nothing`, async ({
      page,
    }, info) => {
      const phone = info.project.name !== 'desktop'
      test.skip(!phone && tone === 'dark', 'on a desktop, the light brand only')
      test.setTimeout(360_000)
      const realtor = await (await admin.get(`/v1/realtor/${SLUG}`)).json()
      const own = {
        designTemplate: realtor.designTemplate,
        designMainColor: realtor.designMainColor,
        designMainDarkMode: realtor.designMainDarkMode,
        contentDarkMode: realtor.contentDarkMode,
      }
      const modes = phone ? MODES : [MODES[0]!, MODES[3]!]
      if (design === 'editorial') {
        // The hardest photo for white text under the scrim: all white. The scrim alone must carry the contrast.
        const top = (realtor.photos as { path: string; url: string }[]).find((photo) => photo.path === 'top')
        expect(top, 'the demo realtor has a top photo').toBeTruthy()
        const white = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer()
        await page.route(`**${top!.url}`, (route) => route.fulfill({ contentType: 'image/png', body: white }))
      }
      const found: string[] = []
      try {
        for (const mode of modes) {
          const patched = await admin.patch(`/v1/realtor/${realtor.id}`, {
            data: { designTemplate: design, designMainColor: brand, ...mode },
          })
          expect(patched.status()).toBe(200)
          for (const prefix of ['', '/en']) {
            const url = `${prefix}/${SLUG}`
            expect((await page.goto(url, { waitUntil: 'networkidle' }))?.status(), url).toBe(200)
            const body = page.locator('body')
            if (design === 'clean') await expect(body).not.toHaveClass(/home--design-/)
            else await expect(body).toHaveClass(new RegExp(`\\bhome--design-${design}\\b`))
            await page.evaluate(() => document.fonts.ready)
            if (design === 'editorial') {
              // The photo fills the hero under the scrim: the names over it are measured from its pixels.
              await expect(page.locator('.home-hero__backdrop')).toBeVisible()
              await expect(page.locator('.home-hero__inner')).toHaveCSS('background-image', /linear-gradient/)
            }
            const result = await textContrasts(page)
            expect(result.checked.length, url).toBeGreaterThan(40)
            expect(result.covered, `${url}: texts never seen uncovered`).toEqual([])
            if (design === 'editorial') {
              const name = result.checked.find((t) => t.selector.includes('h1#home-name'))
              expect(name?.via, `${url}: the name over the photo`).toBe('pixels')
            }
            found.push(...failures(result).map((line) => `${url} (${label(mode)}): ${line}`))
            await expectNoAxeViolations(page)
          }
        }
      } finally {
        await admin.patch(`/v1/realtor/${realtor.id}`, { data: own })
      }
      expect(found, found.join('\n')).toEqual([])
    })
  }
}
