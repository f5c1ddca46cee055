// Number, date and phone formatting of docs/product.md §9 for the server's pages and helpers: numbers and
// dates from ./number-format, phones from the one phone rule (./phone, docs/decisions/064-phone-numbers.md).
// Browser islands import ./number-format instead: this module carries libphonenumber-js, which a public
// page loads only with a form's submit (esbuild's code splitting keeps a chunk that a module merely
// re-exports, used or not: test/node/phone-bundle.test.mjs checks the pages' chunks).
export * from './number-format'
export { formatPhone, telHref } from './phone'
