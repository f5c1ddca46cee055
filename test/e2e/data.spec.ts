import { expect, test } from './fixtures'

// The seeded state that `npm start` and these tests share (scripts/seed.mjs): demo realtors at
// /{desiredUrl}, their photos in local R2, and their accounts.
test.describe('seeded realtor data', () => {
  test('serves a seeded realtor homepage and its photos', async ({ page, request }) => {
    const response = await page.goto('/en/yuna-shin')
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toContainText('Yuna Shin')
    const realtor = await (await request.get('/v1/realtor/yuna-shin')).json()
    expect(realtor.photos).toHaveLength(10)
    for (const photo of realtor.photos.slice(0, 3)) {
      const image = await request.get(photo.url)
      expect(image.status()).toBe(200)
      expect(image.headers()['content-type']).toBe('image/png')
    }
  })

  test('signs a demo realtor in and lets it edit its own profile only', async ({ request }) => {
    const login = await request.post('/v1/auth/login', {
      data: { email: 'grace-han@realtor.local', password: 'demo-realtor-2026' },
    })
    expect(login.status()).toBe(200)
    const me = await (await request.get('/v1/auth/me')).json()
    expect(me.user).toMatchObject({ role: 'realtor', name: 'Grace Han' })
    const own = await request.patch(`/v1/realtor/${me.user.realtorId}`, { data: { salesCount: 366 } })
    expect(own.status()).toBe(200)
    const other = await request.patch('/v1/realtor/1', { data: { salesCount: 1 } })
    expect(other.status()).toBe(403)
  })
})
