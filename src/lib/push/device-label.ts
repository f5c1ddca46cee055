// The name a push device is listed under ("Chrome · Android"), read from the User-Agent it subscribed
// with: enough for a realtor to tell their phone from their laptop. Brand names, so not translated.

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
]

// Order matters: Edge and Samsung Internet say Chrome too, and Chrome says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/OPR\//, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
]

const first = (table: [RegExp, string][], userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1]

/** "Browser · System", either alone, or '' when neither is recognised. */
export function deviceLabel(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, 500)
  return [first(BROWSERS, agent), first(SYSTEMS, agent)].filter(Boolean).join(' · ')
}
