// Vite's `?raw` imports: a file's text, for tests that check data files (seed/*.sql).
declare module '*?raw' {
  const text: string
  export default text
}
