// The inbox's CSV export: UTF-8 with a byte-order mark (so Excel reads Korean as Korean), CRLF rows,
// RFC 4180 quoting, and cells a spreadsheet would run as a formula made inert with a leading quote.

const BOM = '\uFEFF'
/** A cell starting with one of these is a formula to Excel, LibreOffice and Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return `${BOM}${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}
