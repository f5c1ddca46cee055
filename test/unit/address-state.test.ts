// What the editor foresees of leaving an address (src/lib/builder/address-state.ts, decision 083), checked
// against what the database does (migrations/0023_address_squatting.sql, test/lifecycle/address-squatting.test.ts).
import { describe, expect, it } from 'vitest'
import { addressStateAfterMove } from '../../src/lib/builder/address-state'

describe('the address state after a move', () => {
  it('holds the old address only when it was published under', () => {
    expect(addressStateAfterMove({ published: true, held: [] }, 'old', 'new', false)).toEqual({
      published: false,
      held: ['old'],
    })
    expect(addressStateAfterMove({ published: false, held: ['older'] }, 'old', 'new', false)).toEqual({
      published: false,
      held: ['older'],
    })
  })

  it('counts the new address published under when the homepage is public, or when going back to a held one', () => {
    expect(addressStateAfterMove({ published: false, held: [] }, 'old', 'new', true).published).toBe(true)
    expect(addressStateAfterMove({ published: false, held: ['Back'] }, 'old', 'back', false)).toEqual({
      published: true,
      held: [],
    })
  })

  it('treats a change of case as no move', () => {
    expect(addressStateAfterMove({ published: false, held: ['x'] }, 'name', 'NAME', true)).toEqual({
      published: true,
      held: ['x'],
    })
  })
})
