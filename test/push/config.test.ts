// The pieces of push that are plain functions (docs/decisions/065-web-push.md): the configuration check of
// the VAPID keys (the published local pair only locally, both halves or neither, the right shapes), the
// device labels read from User-Agents, and the app manifest.
import { env } from 'cloudflare:test'
import { beforeAll, describe, expect, it } from 'vitest'
import { appManifest } from '../../src/lib/app-manifest'
import { configProblems } from '../../src/lib/config'
import { loadBuilderMessages } from '../../src/lib/i18n'
import { deviceLabel } from '../../src/lib/push/device-label'
import { vapidKeys } from '../../src/lib/push/vapid'
import { newVapidPair } from './helpers'

// The builder's messages, read from their asset as every builder request reads them (decision 094).
beforeAll(() => loadBuilderMessages(env.ASSETS))

const BASE = {
  PROVIDER_HOSTS: 'realtor.example.com',
  PUBLIC_ORIGIN: 'https://realtor.example.com',
  SESSION_SECRET: 'k3v9-a-random-secret-of-forty-characters-x',
}
// The pair of .dev.vars.example, which the test run's bindings carry (the private half as a secret would).
const LOCAL_PAIR = {
  VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY,
  VAPID_PRIVATE_KEY: (env as typeof env & { VAPID_PRIVATE_KEY: string }).VAPID_PRIVATE_KEY,
}

describe('the VAPID keys in the configuration check', () => {
  it('takes the published local pair locally, and refuses it anywhere else', () => {
    expect(configProblems({ ...BASE, ENVIRONMENT: 'local', ...LOCAL_PAIR })).toEqual([])
    expect(configProblems({ ...BASE, ENVIRONMENT: 'production', ...LOCAL_PAIR })).toEqual([
      'VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY are the public development pair: make your own',
    ])
    // The local public key beside a private key of one's own would sign what no push service accepts.
    const own = { VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: 'A'.repeat(43) }
    expect(configProblems({ ...BASE, ENVIRONMENT: 'production', ...own })).toHaveLength(1)
  })

  it('takes a pair of its own, or none; refuses half a pair and malformed keys', async () => {
    const pair = await newVapidPair()
    expect(configProblems({ ...BASE, ENVIRONMENT: 'production', ...pair })).toEqual([])
    expect(configProblems({ ...BASE, ENVIRONMENT: 'production' })).toEqual([])
    expect(configProblems({ ...BASE, ENVIRONMENT: 'production', VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY })).toEqual([
      'VAPID_PRIVATE_KEY must be set with its other half',
    ])
    expect(
      configProblems({ ...BASE, ENVIRONMENT: 'production', ...pair, VAPID_PUBLIC_KEY: pair.VAPID_PUBLIC_KEY.slice(1) }),
    ).toEqual(['VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (87 characters)'])
    expect(configProblems({ ...BASE, ENVIRONMENT: 'local', ...pair, VAPID_PRIVATE_KEY: 'secret' })).toEqual([
      'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)',
    ])
  })

  it('names the sender by VAPID_SUBJECT, else by the notification address', () => {
    expect(vapidKeys({ ...LOCAL_PAIR, NOTIFY_FROM_EMAIL: 'notify@realtor.example.com' })?.subject).toBe(
      'mailto:notify@realtor.example.com',
    )
    expect(vapidKeys({ ...LOCAL_PAIR, VAPID_SUBJECT: 'https://realtor.example.com' })?.subject).toBe(
      'https://realtor.example.com',
    )
    expect(vapidKeys({ ...LOCAL_PAIR })).toBeNull()
    expect(vapidKeys({ NOTIFY_FROM_EMAIL: 'notify@realtor.example.com' })).toBeNull()
  })
})

describe('device labels', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari · iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet · Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge · Windows',
    ],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox · Mac'],
    ['curl/8.5.0', ''],
    [undefined, ''],
  ])('%s → %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label)
  })
})

describe('the app manifest', () => {
  it('opens the builder in each language, standalone, with icons that may be masked', () => {
    expect(appManifest('ko')).toMatchObject({ name: '리얼터 홈 빌더', start_url: '/admin', lang: 'ko' })
    const en = appManifest('en')
    expect(en).toMatchObject({ name: 'Realtor Home Builder', start_url: '/en/admin', display: 'standalone' })
    expect(en.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ])
  })
})
