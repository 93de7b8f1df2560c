// Accessibility checks of the signed-in screens.
import AxeBuilder from '@axe-core/playwright';

/**
 * Serious and critical axe violations (WCAG 2.1 A and AA) of a signed-in page, one line each.
 * `exclude`: more CSS selectors to leave out.
 */
export async function seriousViolations(page, { exclude = [] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')})`);
}
