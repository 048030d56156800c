/**
 * Runs the fake provider on its own, for Playwright's webServer:
 *   npx tsx test/fake-provider/main.ts --port 3199 [--embeddings-port 3197]
 * then start the app with PLAYGROUND_TEST_PROVIDER_BASE_URL=http://127.0.0.1:3199 (and, for the lab's semantic
 * search, EMBEDDINGS_BASE_URL=http://127.0.0.1:3197/v1 with any EMBEDDINGS_MODEL).
 */
import { startFakeEmbeddingServer } from "../../scripts/test-support/fake-embedding-server";
import { startFakeProvider } from "./server";

const portFlag = process.argv.indexOf("--port");
const port = portFlag >= 0 ? Number(process.argv[portFlag + 1]) : Number(process.env.FAKE_PROVIDER_PORT ?? 3199);

const embeddingsFlag = process.argv.indexOf("--embeddings-port");
if (embeddingsFlag >= 0)
  void startFakeEmbeddingServer(Number(process.argv[embeddingsFlag + 1])).then((embeddings) =>
    process.stdout.write(`fake embedding server listening on ${embeddings.baseUrl}\n`),
  );

startFakeProvider({ port })
  .then((fake) => {
    process.stdout.write(`fake provider listening on ${fake.url}\n`);
    const stop = () => void fake.close().then(() => process.exit(0));
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  })
  .catch((error: unknown) => {
    console.error(`fake provider: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
