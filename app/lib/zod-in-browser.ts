import { z } from 'zod'

// Our CSP forbids eval (DESIGN.md: no script without a nonce). zod 4 otherwise probes `new Function` to
// compile faster parsers, which the browser reports as a CSP violation before zod falls back.
z.config({ jitless: true })
