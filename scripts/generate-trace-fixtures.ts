/** Writes the trace fixtures of lib/trace/fixtures (see build-fixtures.ts for what each shows and how its usage is computed). */
import fs from "node:fs";
import path from "node:path";
import { traceFixtures } from "../lib/trace/fixtures/build-fixtures";

const directory = path.join(__dirname, "..", "lib", "trace", "fixtures");
for (const [name, text] of Object.entries(traceFixtures())) {
  fs.writeFileSync(path.join(directory, name), text);
  console.log(`wrote ${name} (${text.length} characters)`);
}
