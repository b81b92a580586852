import { expect, test } from 'vitest'
import { hasRole, isOwnerAndSitter, isSitterOnly, mayChangeAccount, roleForChoice, roleWith } from './roles.ts'

// Each expectation lists the answer for owner, sitter, both and admin, in that order.
const roles = ['owner', 'sitter', 'both', 'admin'] as const

test('a `both` user acts as owner and as sitter; an admin as neither', () => {
  expect(roles.map((role) => hasRole({ role }, 'owner'))).toEqual([true, false, true, false])
  expect(roles.map((role) => hasRole({ role }, 'sitter'))).toEqual([false, true, true, false])
  expect(roles.map((role) => hasRole({ role }, 'admin'))).toEqual([false, false, false, true])
})

test('only a sitter is a sitter only; only `both` is owner and sitter', () => {
  expect(roles.map(isSitterOnly)).toEqual([false, true, false, false])
  expect(roles.map(isOwnerAndSitter)).toEqual([false, false, true, false])
})

test('choosing a side gives that side, or `both` when the user already has the other; an admin stays admin', () => {
  expect(roleForChoice('owner', 'sitter', false)).toBe('sitter')
  expect(roleForChoice('owner', 'sitter', true)).toBe('both')
  expect(roleForChoice('both', 'owner', false)).toBe('owner')
  expect(roleForChoice('admin', 'owner', true)).toBe('admin')
})

test('adding a side keeps what the user had: a sitter with a dog becomes `both`', () => {
  expect(roleWith('sitter', 'owner')).toBe('both')
  expect(roleWith('owner', 'owner')).toBe('owner')
  expect(roleWith('both', 'sitter')).toBe('both')
  expect(roleWith('admin', 'sitter')).toBe('admin')
})

test('a user changes and adds to their own account only, an admin too', () => {
  expect(mayChangeAccount({ id: 'u1' }, 'u1')).toBe(true)
  expect(mayChangeAccount({ id: 'u1' }, 'u2')).toBe(false)
})
