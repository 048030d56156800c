import { test } from "vitest";
import { loadExample } from "@/lib/examples";
import { createTokenCounter } from "@/lib/tokens";
import { createLabHandler } from "./lab-protocol";
import { defaultQueries } from "./default-queries";
import { DEFAULT_CLIENT_SEARCH_OPTIONS, lintDescriptions } from "@/lib/search";
import { createLabSearchers, runSearch, toolTokens } from "./evaluate-catalog";
test("x", async () => {
  const s = await loadExample("mixed-mcp");
  const tools = s.catalog.tools;
  const queries = defaultQueries("mixed-mcp")!;
  const o = createTokenCounter("o200k");
  let t = performance.now(); const se = createLabSearchers(tools, DEFAULT_CLIENT_SEARCH_OPTIONS); console.log("searchers", performance.now() - t);
  for (const id of ["anthropic-bm25", "anthropic-regex", "client"] as const) { t = performance.now(); runSearch(se[id], queries, 5); console.log(id, performance.now() - t); }
  t = performance.now(); lintDescriptions(tools); console.log("lint", performance.now() - t);
  t = performance.now(); tools.forEach((tool) => toolTokens(tool, o.count)); console.log("tokens", performance.now() - t);
  const h = createLabHandler({ countTokens: o.count, now: () => performance.now() });
  h.handle({ type: "set-catalog", requestId: 1, catalogKey: "m", tools });
  const body = { catalogKey: "m", queries, clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS, k: 5 };
  t = performance.now(); const r = h.handle({ type: "evaluate", requestId: 2, ...body }); console.log("evaluate", performance.now() - t, (r as any).answer.elapsedMs);
  t = performance.now(); h.handle({ type: "evaluate", requestId: 3, ...body, edit: { tool: "git_checkout", description: "Switch branches" } }); console.log("edit", performance.now() - t);
  t = performance.now(); h.handle({ type: "option-effects", requestId: 4, ...body }); console.log("effects", performance.now() - t);
  t = performance.now(); h.handle({ type: "compression", requestId: 5, ...body }); console.log("compression", performance.now() - t);
  t = performance.now(); h.handle({ type: "explain", requestId: 6, catalogKey: "m", clientOptions: DEFAULT_CLIENT_SEARCH_OPTIONS, query: queries[11] }); console.log("explain", performance.now() - t);
  console.log(JSON.stringify(r).length);
});
