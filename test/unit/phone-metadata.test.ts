// The deployed worker's phone metadata as a static asset (docs/decisions/110-phone-metadata-asset.md): read
// once through the ASSETS binding when the worker build's entry asks for it, kept, and a failed read keeps
// nothing. Under vitest the library's own entry carries its metadata, so by default nothing is read.
import metadataMin from 'libphonenumber-js/metadata.min.json'
import { afterEach, describe, expect, it } from 'vitest'
import { PHONE_METADATA } from '../../src/generated/phone'
import { loadPhoneMetadata, phoneMetadata, usePhoneMetadataAsset } from '../../src/lib/phone/metadata'
import { isSupportedCountry, parsePhoneNumberFromString } from '../../src/server-only/phone-min'

const marker = globalThis as { __phoneMetadataFromAsset?: boolean; __phoneMetadata?: unknown }

function assets(answer: () => Response) {
  const asked: string[] = []
  return {
    asked,
    fetch: async (url: URL) => {
      asked.push(url.pathname)
      return answer()
    },
  }
}

afterEach(() => {
  delete marker.__phoneMetadataFromAsset
  delete marker.__phoneMetadata
})

describe('the phone metadata asset', () => {
  it('is not read where the library carries its own metadata', async () => {
    delete marker.__phoneMetadataFromAsset
    const binding = assets(() => Response.json(metadataMin))
    await loadPhoneMetadata(binding)
    expect(binding.asked).toEqual([])
  })

  it('is read once by the worker build, and numbers are read with it as the library reads them', async () => {
    usePhoneMetadataAsset()
    expect(() => phoneMetadata()).toThrow(/not loaded/)
    const binding = assets(() => Response.json(metadataMin))
    await loadPhoneMetadata(binding)
    await loadPhoneMetadata(binding)
    expect(binding.asked).toEqual([PHONE_METADATA])
    expect(isSupportedCountry('KR')).toBe(true)
    expect(parsePhoneNumberFromString('(404) 555-0101', { defaultCountry: 'US' })?.number).toBe('+14045550101')
    expect(parsePhoneNumberFromString('010-1234-5678', { defaultCountry: 'KR' })?.isValid()).toBe(true)
  })

  it('keeps nothing from a failed read, and the next one tries again', async () => {
    usePhoneMetadataAsset()
    await expect(loadPhoneMetadata(assets(() => new Response('no', { status: 404 })))).rejects.toThrow(/404/)
    expect(() => phoneMetadata()).toThrow(/not loaded/)
    await loadPhoneMetadata(assets(() => Response.json(metadataMin)))
    expect(phoneMetadata()).toBeTruthy()
  })
})
