import { describe, expect, it } from 'vitest'
import {
  browserMonitoringConfig,
  deviceType,
  isAutomated,
  isBot,
  isDevelopmentHost,
  isHabitDomain,
} from '../../src/lib/environment'
import { shouldDropEvent } from '../../src/middleware/monitoring'

const hosts = { devHost: 'realtor.dev.example.com', prodHost: 'realtor.example.com' }

describe('environment rules (docs/product.md §9)', () => {
  it.each([
    ['dev.realtor.example.com', true],
    ['localhost:8787', true],
    ['127.0.0.1:3000', true],
    ['realtor.dev.example.com', true],
    ['realtor.example.com', false],
    ['janekim.example', false],
  ])('isDevelopmentHost(%s) = %s', (host, expected) => {
    expect(isDevelopmentHost(host, hosts)).toBe(expected)
  })

  it.each([
    ['localhost', true],
    ['127.0.0.1:3001', true],
    ['realtor.dev.example.com', true],
    ['realtor.example.com', true],
    ['dev.other.com', false],
    ['janekim.example', false],
  ])('isHabitDomain(%s) = %s', (host, expected) => {
    expect(isHabitDomain(host, hosts)).toBe(expected)
  })

  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', 'mobile'],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) Chrome/120 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120', 'desktop'],
    ['', 'desktop'],
  ])('deviceType(%s) = %s', (ua, expected) => {
    expect(deviceType(ua)).toBe(expected)
  })

  it('recognises crawlers', () => {
    expect(isBot('Googlebot/2.1 (+http://www.google.com/bot.html)')).toBe(true)
    expect(isBot('Mozilla/5.0 Chrome/120')).toBe(false)
  })

  it('recognises scripts, HTTP libraries and headless browsers, and a request naming no agent (docs/decisions/090)', () => {
    for (const agent of [
      'curl/8.5.0',
      'Wget/1.21.4',
      'python-requests/2.32.3',
      'Python-urllib/3.12',
      'Go-http-client/1.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'axios/1.7.2',
      'okhttp/4.12.0',
      'Java/17.0.2',
      'Googlebot/2.1',
      '',
      ' ',
      null,
      undefined,
    ]) {
      expect(isAutomated(agent), String(agent)).toBe(true)
    }
    for (const agent of [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 14; SM-S918N Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36 KAKAOTALK 10.8.5',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    ]) {
      expect(isAutomated(agent), agent).toBe(false)
    }
  })
})

describe('browser monitoring settings', () => {
  it('is off without a client token', () => {
    expect(browserMonitoringConfig('https://realtor.example.com/', { environment: 'production', hosts })).toBeNull()
  })

  it('uses the spec constants and local on localhost', () => {
    const config = browserMonitoringConfig('http://localhost:8787/', {
      clientToken: 'pub',
      environment: 'production',
      hosts,
    })
    expect(config).toMatchObject({
      service: 'realtor-front',
      env: 'local',
      sessionSampleRate: 100,
      sessionReplaySampleRate: 100,
      defaultPrivacyLevel: 'allow',
      allowedTracingUrls: ['https://realtor.example.com', 'https://realtor.dev.example.com'],
    })
    expect(
      browserMonitoringConfig('https://realtor.example.com/', { clientToken: 'pub', environment: 'production', hosts })
        ?.env,
    ).toBe('production')
  })

  it('drops events saying a profile is not defined', () => {
    expect(shouldDropEvent({ message: 'ReferenceError: profile is not defined' })).toBe(true)
    expect(shouldDropEvent({ exception: { values: [{ value: 'profile is not defined' }] } })).toBe(true)
    expect(shouldDropEvent({ message: 'TypeError: x is undefined' })).toBe(false)
  })
})
