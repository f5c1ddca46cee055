// The browser tests' accessibility check, one rule for every screen: axe-core with all its rules (WCAG 2.x A
// and AA and its best practices), over the page or the part of it `include` selects; a violation is reported
// with the elements it found.
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from './fixtures'

export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  const builder = new AxeBuilder({ page })
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target).join(', ')})`,
    ),
  ).toEqual([])
}
