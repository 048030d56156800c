/**
 * Test support for the run panels: real engine output (no made-up numbers) and a tiny static-markup reader. The
 * panels are rendered with react-dom/server in Node, which needs no DOM library: it checks what the panels print,
 * their data-testids and their accessible labels. Interaction (hover, focus, keys) is covered by the e2e tests.
 */
import type { ReactElement } from "react";
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { createEngine } from "@/lib/engine";
import type { StrategyRun } from "@/lib/engine/types";
import { loadExample } from "@/lib/examples";
import { STRATEGY_IDS, type StrategyId } from "@/lib/core/ids";

const engine = createEngine();
const cache = new Map<string, Promise<StrategyRun[]>>();

/** Every strategy's run on an example scenario, computed once per example. */
export function exampleRuns(exampleId = "learning-agent"): Promise<StrategyRun[]> {
  let runs = cache.get(exampleId);
  if (!runs) {
    runs = loadExample(exampleId).then((scenario) => engine.runAll(scenario, [...STRATEGY_IDS]));
    cache.set(exampleId, runs);
  }
  return runs;
}

export async function exampleRun(id: StrategyId, exampleId?: string): Promise<StrategyRun> {
  const run = (await exampleRuns(exampleId)).find((candidate) => candidate.id === id);
  if (!run) throw new Error(`test-support: no run for ${id}`);
  return run;
}

export function render(element: ReactElement): string {
  return renderInLocale(element);
}

/** The opening tags that carry `data-testid="<id>"`. */
export function tagsWithTestId(html: string, id: string): string[] {
  return html.match(new RegExp(`<[a-z0-9]+\\b[^>]*\\bdata-testid="${id}"[^>]*>`, "g")) ?? [];
}

export function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\b${name}="([^"]*)"`).exec(tag);
  return match ? decodeEntities(match[1]) : null;
}

/** The text inside the first element with this test id (tags stripped); enough for leaf elements. */
export function textOfTestId(html: string, id: string): string | null {
  const match = new RegExp(`<([a-z0-9]+)\\b[^>]*\\bdata-testid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match ? decodeEntities(match[2].replace(/<[^>]+>/g, "")) : null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
}
