import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Every axe-core violation (WCAG 2.1 A/AA and best practices) on the page now, or only inside the
 * elements `within` selects, as "rule: selector html" lines — empty when the page is clean. The page's
 * context must bypass the product's CSP, which rightly forbids the injected audit script.
 */
export async function violations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(
    async ([tags, include]) => {
      interface AxeResult {
        violations: { id: string; nodes: { target: string[]; html: string }[] }[];
      }
      const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<AxeResult> } }).axe;
      const result = await axe.run(include ? { include: [include] } : document, { runOnly: tags });
      return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} ${n.html}`));
    },
    [RULES, within ?? null] as const,
  );
}
