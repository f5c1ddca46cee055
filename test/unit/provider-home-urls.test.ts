import { describe, expect, it } from 'vitest'
import { providerHomeUrls } from '../../src/lib/urls'

// The builder names and links a homepage by its address on the provider's site, whatever its own
// domain and whichever site the editor was opened on (a custom domain has no /{desiredUrl} page).
describe('providerHomeUrls', () => {
  it('is the provider origin and the desiredUrl, in both locales, never the realtor domain', () => {
    expect(providerHomeUrls('janekim', 'https://realtor.example.com')).toEqual({
      ko: 'https://realtor.example.com/janekim',
      en: 'https://realtor.example.com/en/janekim',
    })
  })

  it('takes only the origin of the configured public origin', () => {
    expect(providerHomeUrls('grace-han', 'http://127.0.0.1:8787/some/path').ko).toBe('http://127.0.0.1:8787/grace-han')
  })
})
