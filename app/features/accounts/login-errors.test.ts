import { describe, expect, test } from 'vitest'
import { loginErrorText } from './login-errors.ts'

describe('the auth screen explains each failure as the spec says', () => {
  test.each([
    [{ status: 401, message: 'Invalid credentials' }, 'User not found. Please check your email or create a new account.'],
    [{ status: 401, message: 'Invalid email or password' }, 'Invalid email or password. Please try again.'],
    [{ status: 404 }, 'Account not found. Please check your email or create a new account.'],
    [{ status: 403 }, 'Your account has been locked. Please contact support.'],
    [{ status: 429 }, 'Too many login attempts. Please try again later.'],
    [{ status: 409, message: 'An account with this email already exists' }, 'An account with this email already exists'],
    [{ status: 500 }, 'Please check your credentials and try again.'],
  ])('%o', (failure, text) => {
    expect(loginErrorText(failure)).toBe(text)
  })
})
