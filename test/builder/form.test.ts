import { describe, expect, it } from 'vitest'
import {
  draftOf,
  errorsUnder,
  getIn,
  inputOf,
  isDirty,
  parseNumber,
  patchOf,
  setIn,
  validateDraft,
} from '../../src/lib/builder/form'
import { REALTOR_DEFAULTS } from '../../src/lib/realtors/schema'
import type { Realtor } from '../../src/lib/realtors/types'

const realtor: Realtor = {
  ...REALTOR_DEFAULTS,
  id: 7,
  userId: 7,
  name: 'Chris Yoon',
  desiredUrl: 'chrisyoon',
  contactPhone: '949-555-0100',
  salesCount: 12,
  activityRegion: [{ state: 'CA', city: 'Irvine', neighborhood: '', zipcode: '92604' }],
}

describe('editor form model', () => {
  it('keeps numbers as text in the draft and drops read-only fields', () => {
    const draft = draftOf(realtor)
    expect(draft.salesCount).toBe('12')
    expect(draft.designFontSize).toBe('16')
    expect(draft).not.toHaveProperty('id')
    expect(draft).not.toHaveProperty('name')
    expect(inputOf(draft).salesCount).toBe(12)
  })

  it('parses typed numbers, thousands commas included; empty text is not zero', () => {
    expect(parseNumber('1,250,000')).toBe(1_250_000)
    expect(parseNumber(' 3 ')).toBe(3)
    expect(parseNumber('')).toBeNaN()
    expect(parseNumber('12a')).toBeNaN()
  })

  it('validates with the API schema and reports each field in the page language', () => {
    const draft = {
      ...draftOf(realtor),
      contactPhone: '123',
      desiredUrl: 'chris yoon',
      email: 'chris@example',
      snsInstagramUrl: 'not a url',
      designMainColor: '#12345',
      salesCount: '',
      activityRegion: [{ state: 'CA' as const, city: '', neighborhood: '', zipcode: '1' }],
    }
    const ko = validateDraft(draft, 'ko')
    expect(ko.ok).toBe(false)
    if (ko.ok) return
    expect(ko.errors).toMatchObject({
      contactPhone: '(949) 555-0142 같은 미국 번호나 010-1234-5678 같은 한국 휴대폰 번호를 입력해 주세요.',
      desiredUrl: '영문자, 밑줄(_), 하이픈(-)만 사용할 수 있습니다.',
      email: '올바른 이메일 주소를 입력해 주세요.',
      snsInstagramUrl: '올바른 URL을 입력해 주세요.',
      designMainColor: '색상은 # 뒤에 16진수 6자리여야 합니다.',
      salesCount: '숫자를 입력해 주세요.',
      'activityRegion.0.city': '필수 항목입니다.',
      'activityRegion.0.zipcode': '우편번호는 숫자 5자리(또는 5+4자리)여야 합니다.',
    })
    expect(errorsUnder(ko.errors, 'activityRegion')).toHaveLength(2)
    const en = validateDraft(draft, 'en')
    expect(en.ok || en.errors.email).toBe('Enter a valid email address.')
  })

  it('accepts a valid draft and normalises it as the server would (a bare host gets https://)', () => {
    const result = validateDraft({ ...draftOf(realtor), snsInstagramUrl: 'instagram.com/chris' }, 'ko')
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.input.snsInstagramUrl).toBe('https://instagram.com/chris')
  })

  it('patches only what changed, lists whole', () => {
    const saved = inputOf(draftOf(realtor))
    const regions = [...saved.activityRegion, { state: 'GA' as const, city: 'Suwanee', neighborhood: '', zipcode: '' }]
    expect(patchOf(saved, saved)).toEqual({})
    expect(patchOf(saved, { ...saved, aboutMeKr: '안녕하세요', activityRegion: regions })).toEqual({
      aboutMeKr: '안녕하세요',
      activityRegion: regions,
    })
  })

  it('is dirty exactly when the draft differs from the saved one', () => {
    const saved = draftOf(realtor)
    expect(isDirty(saved, { ...saved })).toBe(false)
    expect(isDirty(saved, setIn(saved, 'seoMeta.ko.title', 'x'))).toBe(true)
    expect(isDirty(saved, setIn(saved, 'activityRegion.0.city', 'Irvine'))).toBe(false)
  })

  it('reads and writes dotted paths without mutating', () => {
    const saved = draftOf(realtor)
    const next = setIn(saved, 'activityRegion.0.city', 'Tustin')
    expect(getIn(next, 'activityRegion.0.city')).toBe('Tustin')
    expect(Array.isArray(next.activityRegion)).toBe(true)
    expect(saved.activityRegion[0]!.city).toBe('Irvine')
    expect(getIn(saved, 'seoMeta.en.title')).toBe('')
    expect(getIn(saved, 'nope.deeper')).toBeUndefined()
  })
})
