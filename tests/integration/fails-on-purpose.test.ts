import { expect, test } from 'vitest'

// Fails only when scripts/test-exit-codes.ts asks it to, to prove the run then exits non-zero (issue 28).
test.runIf(process.env.PAWPAL_FAIL_ON_PURPOSE === '1')('fails on purpose', () => expect('failed').toBe('passed'))
