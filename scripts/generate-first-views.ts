/**
 * `npm run first-views` (also run by `npm run build`): computes the first screen of the small examples with the
 * engine (lib/workbench/first-view.ts) and writes lib/workbench/generated/first-views.json, which the page renders
 * with its HTML before the engine worker has started. lib/workbench/first-view.test.ts fails when the file differs
 * from a fresh run, so an engine change that alters a figure is caught until this is run again.
 */
import fs from "node:fs";
import path from "node:path";
import { computeFirstViewFile, FIRST_VIEW_FILE } from "../lib/workbench/first-view";

async function main(): Promise<void> {
  const started = performance.now();
  const file = await computeFirstViewFile();
  const target = path.join(__dirname, "..", FIRST_VIEW_FILE);
  const text = `${JSON.stringify(file)}\n`;
  const previous = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
  if (previous !== text) fs.writeFileSync(target, text);
  console.log(
    `first-views: ${file.examples.map((example) => example.exampleId).join(", ")} → ${FIRST_VIEW_FILE} ` +
      `(${(text.length / 1024).toFixed(0)} kB, ${previous === text ? "unchanged" : "written"}, ` +
      `${Math.round(performance.now() - started)} ms)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
