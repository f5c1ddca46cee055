// Field messages of every schema in ko and en, and the one function that turns zod issues into the
// API's `fields` (and a browser form's inline errors). Browser-safe: no server-only imports.
import type { z } from 'zod'
import type { Locale } from './locale'

export interface FieldMessage {
  path: string
  message: string
}

type Messages = Record<string, string>

const ko: Messages = {
  required: '필수 항목입니다.',
  too_long: '{max}자 이하로 입력해 주세요.',
  too_short: '{min}자 이상 입력해 주세요.',
  too_many: '{max}개까지 입력할 수 있습니다.',
  too_small: '{min} 이상이어야 합니다.',
  too_big: '{max} 이하여야 합니다.',
  number: '숫자를 입력해 주세요.',
  integer: '정수를 입력해 주세요.',
  invalid_type: '올바른 형식이 아닙니다.',
  unknown_field: '입력할 수 없는 항목입니다.',
  phone_us: '전화번호는 숫자 10자리여야 합니다(하이픈 제외).',
  phone_other: '전화번호는 숫자 11자리여야 합니다(하이픈 제외).',
  desired_url: '영문자, 밑줄(_), 하이픈(-)만 사용할 수 있습니다.',
  desired_url_reserved: '사용할 수 없는 주소입니다.',
  desired_url_taken: '이미 사용 중인 주소입니다.',
  homepage_taken: '다른 리얼터가 이미 사용 중인 홈페이지 주소입니다.',
  email: '올바른 이메일 주소를 입력해 주세요.',
  url: '올바른 URL을 입력해 주세요.',
  photo_url: '업로드한 사진 또는 http(s) URL이어야 합니다.',
  video_url: 'https://www.youtube.com/ 으로 시작하는 영상 URL을 입력해 주세요.',
  career_date: '날짜는 YYYY-MM-DD 형식이어야 합니다.',
  career_order: '경력 종료일은 시작일 이후여야 합니다.',
  yes_no: 'Y 또는 N이어야 합니다.',
  hex_color: '색상은 # 뒤에 16진수 6자리여야 합니다.',
  state: '지원하는 주(CA, GA)가 아닙니다.',
  image_type: '이미지 유형은 thumbnail 또는 fullsize여야 합니다.',
  photo_path: '지원하지 않는 사진 위치입니다.',
  etc_info_type: '지원하지 않는 추가 정보 유형입니다.',
  zipcode: '우편번호는 숫자 5자리(또는 5+4자리)여야 합니다.',
  password: '비밀번호를 입력해 주세요.',
  content_type: '지원하지 않는 파일 형식입니다.',
  file_size: '파일이 너무 큽니다.',
  realtor_id: 'realtorId가 주소의 ID와 같아야 합니다.',
  json_file: '올바른 JSON 파일이 아닙니다.',
  account_has_realtor: '이 계정에는 이미 리얼터 프로필이 있습니다.',
  hostile_key: '허용되지 않는 키입니다.',
  phone_chars: '전화번호는 숫자와 하이픈(-)만 입력할 수 있습니다.',
  has_site: '홈페이지 보유 여부를 선택해 주세요.',
  email_taken: '이미 가입된 이메일입니다.',
}

const en: Messages = {
  required: 'This field is required.',
  too_long: 'Use at most {max} characters.',
  too_short: 'Use at least {min} characters.',
  too_many: 'At most {max} items are allowed.',
  too_small: 'Must be at least {min}.',
  too_big: 'Must be at most {max}.',
  number: 'Enter a number.',
  integer: 'Enter a whole number.',
  invalid_type: 'This value has the wrong type.',
  unknown_field: 'This field cannot be set.',
  phone_us: 'A US phone number has exactly 10 digits (dashes aside).',
  phone_other: 'The phone number must have exactly 11 digits (dashes aside).',
  desired_url: 'Use only letters, underscores (_) and hyphens (-).',
  desired_url_reserved: 'This address is reserved.',
  desired_url_taken: 'This address is already taken.',
  homepage_taken: 'Another realtor already uses this homepage address.',
  email: 'Enter a valid email address.',
  url: 'Enter a valid URL.',
  photo_url: 'Must be an uploaded photo or an http(s) URL.',
  video_url: 'Enter a video URL starting with https://www.youtube.com/.',
  career_date: 'Dates use the form YYYY-MM-DD.',
  career_order: 'The career end date must not be before its start.',
  yes_no: 'Must be Y or N.',
  hex_color: 'A colour is # followed by 6 hex digits.',
  state: 'Only CA and GA are supported.',
  image_type: 'The image type must be thumbnail or fullsize.',
  photo_path: 'This photo position is not supported.',
  etc_info_type: 'This kind of extra information is not supported.',
  zipcode: 'A ZIP code has 5 digits (or 5+4).',
  password: 'Enter your password.',
  content_type: 'This file type is not supported.',
  file_size: 'The file is too large.',
  realtor_id: 'realtorId must match the ID in the address.',
  json_file: 'This is not a valid JSON file.',
  account_has_realtor: 'This account already has a realtor profile.',
  hostile_key: 'This key is not allowed.',
  phone_chars: 'A phone number has only digits and hyphens (-).',
  has_site: 'Choose whether you have a homepage.',
  email_taken: 'This email already has an account.',
}

export const VALIDATION_MESSAGES: Record<Locale, Messages> = { ko, en }

/** The message key of an issue: the schema's own key, or one derived from zod's issue code. */
function keyOf(issue: z.core.$ZodIssue): string {
  if (issue.message in ko) return issue.message
  // An optional field (`'' or a valid value`): the message of the branch that says what is wrong.
  if (issue.code === 'invalid_union') {
    const inner = issue.errors.flat().find((branch) => branch.message in ko)
    if (inner) return inner.message
  }
  if (issue.code === 'invalid_type') return issue.input === undefined ? 'required' : 'invalid_type'
  if (issue.code === 'too_big') return issue.origin === 'array' ? 'too_many' : 'too_long'
  return 'invalid_type'
}

function format(template: string, issue: z.core.$ZodIssue): string {
  const values: Record<string, unknown> = {
    max: 'maximum' in issue ? issue.maximum : '',
    min: 'minimum' in issue ? issue.minimum : '',
  }
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''))
}

/** One message per offending field, in the given locale; unknown keys are reported one by one. */
export function localizeIssues(issues: readonly z.core.$ZodIssue[], locale: Locale): FieldMessage[] {
  const messages = VALIDATION_MESSAGES[locale]
  const fields: FieldMessage[] = []
  for (const issue of issues) {
    const base = issue.path.map(String)
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields.push({ path: [...base, key].join('.'), message: messages.unknown_field! })
      continue
    }
    fields.push({ path: base.join('.'), message: format(messages[keyOf(issue)]!, issue) })
  }
  return fields
}

/** The message of one key in a locale, for errors found outside a schema (a taken desiredUrl). */
export function validationMessage(key: keyof typeof ko, locale: Locale): string {
  return VALIDATION_MESSAGES[locale][key]!
}

export const INVALID_INPUT_MESSAGE: Record<Locale, string> = {
  ko: '입력값을 확인해 주세요.',
  en: 'Please check the highlighted fields.',
}
