import { parseCatalogText } from "../lib/catalog";
import { argumentsPassSchema } from "../lib/catalog/argument-validation";
import { createEngine } from "../lib/engine";
import { conversationForCatalog } from "../lib/scenario/catalog-conversation";
import { loadExample } from "../lib/examples";
import { ownMcpCatalog } from "./test-support/own-catalog";
async function main() {
  const which = process.argv[2] ?? "parse";
  const text = JSON.stringify(ownMcpCatalog(10000));
  console.log("text length", text.length);
  const weather = await loadExample("weather");
  console.log("weather provider", weather.settings);
  let t = performance.now();
  const parsed = parseCatalogText(text, { sourceName: "own.json" });
  console.log("parse", performance.now() - t);
  if (which === "parse") { for (let i=0;i<3;i++){ t=performance.now(); parseCatalogText(text, { sourceName: "own.json" }); console.log("parse again", performance.now()-t);} return; }
  const catalog = parsed.value!;
  const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
  const scenario = { ...weather, catalog, turns };
  const engine = createEngine();
  t = performance.now();
  const steps: number[] = [];
  engine.runAll(scenario, [which as never], { onStep: () => { steps.push(performance.now() - t); } } as never);
  console.log(which, performance.now() - t, "steps at", steps.map((s) => s.toFixed(0)).join(","));
}
if (!process.argv[3]) void main();
export async function warm(which: string) {
  const { firstRequestToolTexts } = await import("../lib/engine/catalog-count-texts");
  const { createTokenCounter } = await import("../lib/tokens");
  const text = JSON.stringify(ownMcpCatalog(10000));
  const weather = await loadExample("weather");
  const catalog = parseCatalogText(text, { sourceName: "own.json" }).value!;
  const engine = createEngine();
  let t = performance.now();
  const texts = firstRequestToolTexts(engine, { ...weather, catalog, turns: [] }, which as never);
  console.log("texts", texts.length, performance.now() - t);
  t = performance.now();
  const o = createTokenCounter("o200k");
  for (const x of texts) o.count(x);
  console.log("counted", performance.now() - t);
  const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
  t = performance.now();
  const steps: number[] = [];
  engine.runAll({ ...weather, catalog, turns }, [which as never], { onStep: () => { steps.push(performance.now() - t); } } as never);
  console.log(which, "after warm", performance.now() - t, "steps", steps.slice(0, 3).map((s) => s.toFixed(0)).join(","));
}
if (process.argv[3] === "warm") void warm(process.argv[2]);
export async function twice(which: string) {
  const text = JSON.stringify(ownMcpCatalog(10000));
  const weather = await loadExample("weather");
  const catalog = parseCatalogText(text, { sourceName: "own.json" }).value!;
  const engine = createEngine();
  const turns = conversationForCatalog(catalog, { argumentsValid: argumentsPassSchema });
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const steps: number[] = [];
    const scenario = i === 0 ? { ...weather, catalog, turns: turns.slice(0, 1) } : { ...weather, catalog, turns };
    engine.runAll(scenario, [which as never], { onStep: () => { steps.push(performance.now() - t); } } as never);
    console.log(which, i, performance.now() - t, "steps", steps.slice(0, 3).map((s) => s.toFixed(0)).join(","));
  }
}
if (process.argv[3] === "twice") void twice(process.argv[2]);
