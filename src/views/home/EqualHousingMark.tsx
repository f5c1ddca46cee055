// The Equal Housing Opportunity mark every realtor's footer carries (decision 101): the standard house with an
// equals sign, drawn here as one even-odd path (the house, its hollow, the two bars), in the footer's ink colour.
export function EqualHousingMark({ label }: { label: string }) {
  return (
    <svg
      className="eho-mark"
      role="img"
      aria-label={label}
      viewBox="0 0 32 32"
      width={32}
      height={32}
      fill="currentColor"
      fillRule="evenodd"
    >
      <path d="M16 1 31 13h-3v17H4V13H1ZM16 5l-9 7.5V27h18V12.5ZM10 15h12v3H10Zm0 5.5h12v3H10Z" />
    </svg>
  )
}
