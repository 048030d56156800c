/** Regenerates the golden request files and their typed module: `npm run golden`. Review the diff by eye. */
import fs from "node:fs";
import path from "node:path";
import { goldenRequests, typedGoldenModule } from "../lib/engine/golden-requests";

const directory = path.join(__dirname, "..", "lib", "providers", "golden");

async function main(): Promise<void> {
  const requests = await goldenRequests();
  const jsonDirectory = path.join(directory, "requests");
  fs.rmSync(jsonDirectory, { recursive: true, force: true });
  fs.mkdirSync(jsonDirectory, { recursive: true });
  for (const request of requests) {
    fs.writeFileSync(
      path.join(jsonDirectory, `${request.name}.json`),
      `${JSON.stringify({ url: request.url, headers: request.headers, body: request.body }, null, 2)}\n`,
    );
  }
  fs.writeFileSync(path.join(directory, "sdk-typed-requests.generated.ts"), typedGoldenModule(requests));
  console.log(`golden: wrote ${requests.length} requests to ${path.relative(process.cwd(), jsonDirectory)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
