// html-validate's rules for the pages the server renders (tests/e2e/conformance.spec.ts, decision 040): the
// recommended preset. Off: three rules about how valid markup is spelled, which React decides. Told how
// React writes valid HTML: three more. Every rule about validity or accessibility stays on.
import type { ConfigData } from 'html-validate'

export const htmlValidateConfig: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React closes void elements (`<br/>`, `<img/>`); HTML accepts both spellings.
    'void-style': 'off',
    // React writes a boolean attribute with an empty value (`checked=""`, `async=""`); HTML accepts both spellings.
    'attribute-boolean-style': 'off',
    // React's `style` prop is how a computed size or offset (a step bar, map tiles) reaches the element.
    'no-inline-style': 'off',
    // React writes some attributes in camelCase (`charSet`, `autoComplete`, `dateTime`); HTML ignores their case.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React's own ids (`_R_1_` from useId, `B:0` and `S:0` for streamed content) are valid HTML: no spaces.
    'valid-id': ['error', { relaxed: true }],
    // A group of checkboxes shares one name (FormData.getAll, conform's list fields), as radio buttons do.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
  },
}
