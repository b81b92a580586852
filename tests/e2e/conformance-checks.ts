// The two conformance checks of tests/e2e/conformance.spec.ts (decision 040): html-validate on the HTML the
// server sent, axe-core on the live page. Each answers a list of readable lines, empty when the page passes.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { HtmlValidate } from 'html-validate'
import { htmlValidateConfig } from './html-validate.config.ts'

const htmlValidate = new HtmlValidate(htmlValidateConfig)

/** html-validate's errors and warnings on a document, e.g. `12:40 no-dup-id: Duplicate ID "x" (#x)`. */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await htmlValidate.validateString(html, 'page.html')
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}${message.selector ? ` (${message.selector})` : ''}`),
  )
}

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** One axe rule that does not apply to the elements inside `within` (a CSS selector). */
export type AxeException = { rule: string; within: string }

/** axe-core's violations on the page as it stands, one line per element, e.g. `color-contrast [serious]: ... (#id)`. */
export async function axeProblems(page: Page, exceptions: readonly AxeException[] = []): Promise<string[]> {
  // Only the violations: collecting the passes too would take as long again. Legacy mode runs axe.run() in the
  // page itself; the default opens a blank page per check and injects axe again there to merge the frames'
  // partial results (axe.finishRun), which made the check take 2 to 3 times as long. The app has no iframes,
  // and both modes reported the same violations on the same pages (a missing alt, a nameless button, low contrast).
  const results = await new AxeBuilder({ page }).withTags(axeTags).options({ resultTypes: ['violations'] }).setLegacyMode().analyze()
  const problems: string[] = []
  for (const violation of results.violations) {
    const excepted = exceptions.filter((exception) => exception.rule === violation.id).map((exception) => exception.within)
    for (const node of violation.nodes) {
      const selector = node.target.join(' ')
      if (excepted.length && (await page.locator(selector).evaluate((element, within) => within.some((ancestor) => element.closest(ancestor)), excepted))) continue
      problems.push(`${violation.id} [${violation.impact ?? 'minor'}]: ${node.failureSummary?.replaceAll('\n', ' ') ?? violation.help} (${selector})`)
    }
  }
  return problems
}

/**
 * The scripts of a page's first load that carry zod (its `ZodError`), which form pages load only at the first
 * use of a form (app/ui/lazy-validation.ts; DESIGN.md section 8's JavaScript budget): every module script,
 * modulepreload and inline import of the HTML the server sent, read through `page`'s request context.
 */
export async function zodOnFirstLoad(page: Page, html: string, pageUrl: string): Promise<string[]> {
  const urls = new Set<string>()
  for (const [, src = ''] of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)) urls.add(new URL(src, pageUrl).href)
  for (const [, src = ''] of html.matchAll(/import(?:\(| )"([^"]+\.js)"/g)) urls.add(new URL(src, pageUrl).href)
  const carrying: string[] = []
  for (const url of urls) {
    scriptTexts.set(url, scriptTexts.get(url) ?? page.request.get(url).then((response) => response.text()))
    if ((await scriptTexts.get(url))!.includes('ZodError')) carrying.push(new URL(url).pathname)
  }
  return carrying
}

/** Built scripts never change under one server: each is read once per worker. */
const scriptTexts = new Map<string, Promise<string>>()
