// `libphonenumber-js/min` for the deployed worker (wrangler.toml's [alias], docs/decisions/110-phone-metadata-asset.md):
// the same functions over the same `min` metadata, read from a static asset rather than bundled. The rest of
// the code imports `libphonenumber-js/min` as before; vitest and the browser get the library's own entry.
import {
  type CountryCode,
  getCountryCallingCode as callingCodeOf,
  type PhoneNumber,
  parsePhoneNumberFromString as parse,
  isSupportedCountry as supported,
} from 'libphonenumber-js/core'
import { phoneMetadata, usePhoneMetadataAsset } from '../lib/phone/metadata'

export type { CountryCode, PhoneNumber }

usePhoneMetadataAsset()

type ParseOptions = { defaultCountry?: CountryCode; defaultCallingCode?: string; extract?: boolean }

export const parsePhoneNumberFromString = (text: string, options: ParseOptions = {}): PhoneNumber | undefined =>
  parse(text, options, phoneMetadata())

export const isSupportedCountry = (country: string): country is CountryCode =>
  supported(country as CountryCode, phoneMetadata())

export const getCountryCallingCode = (country: CountryCode) => callingCodeOf(country, phoneMetadata())
