import { describe, expect, it } from 'vitest'
import { contrastRatio, contrastTextOn, designOf } from '../../src/lib/home/design'

// Text on a realtor's main colour (buttons, the selected tab, badges) reaches WCAG AA whatever the colour.
describe('contrastTextOn', () => {
  const hex = (n: number) => n.toString(16).padStart(2, '0')

  it('gives 4.5:1 on every colour of a 16-step grid of the RGB cube', () => {
    const short: string[] = []
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 17) {
          const colour = `#${hex(r)}${hex(g)}${hex(b)}`
          if (contrastRatio(colour, contrastTextOn(colour)) < 4.5) short.push(colour)
        }
      }
    }
    expect(short).toEqual([])
  })

  it('keeps white on dark colours and near-black on light ones; black on mid-tones where neither reaches it', () => {
    expect(contrastTextOn('#1f4e79')).toBe('#ffffff')
    expect(contrastTextOn('#facc15')).toBe('#111827')
    // A demo realtor's colour: white gave 4.34:1, near-black 4.05:1.
    expect(contrastTextOn('#b5651d')).toBe('#000000')
    expect(
      designOf({ designMainColor: '#b5651d', designMainDarkMode: 'N', contentDarkMode: 'N', designFontSize: 16 }).style[
        '--brand-contrast'
      ],
    ).toBe('#000000')
  })
})
