import { expect, test } from '@playwright/test'

// Fails only when scripts/test-exit-codes.ts asks it to, to prove the run then exits non-zero (issue 28).
test('fails on purpose', () => {
  test.skip(process.env.PAWPAL_FAIL_ON_PURPOSE !== '1')
  expect('failed').toBe('passed')
})
