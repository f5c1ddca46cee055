// What leaving the homepage's address will do (docs/decisions/083-address-squatting.md), as the editor tells
// it: an address the homepage was published under is held and redirects; one it never was is free at once.
// The server's state comes with the page (addressStateOf); after a save the editor follows it as the
// database does (migrations/0023_address_squatting.sql), so a second move without a reload is told right.

/** Address changes (not of case) one realtor makes in any 24 hours, at most; admins are not limited. */
export const ADDRESS_CHANGES_PER_DAY = 3

/** Whether the current address was published under, and the old addresses the realtor holds. */
export interface AddressState {
  published: boolean
  held: string[]
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The state after the homepage moved from `from` to `to`; `publishedNow`: it is public after the save. */
export function addressStateAfterMove(
  state: AddressState,
  from: string,
  to: string,
  publishedNow: boolean,
): AddressState {
  if (same(from, to)) return { ...state, published: state.published || publishedNow }
  const held = state.held.filter((address) => !same(address, to) && !same(address, from))
  return {
    published: publishedNow || state.held.some((address) => same(address, to)),
    held: state.published ? [...held, from] : held,
  }
}
