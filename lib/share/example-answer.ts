/**
 * The share worker's loading of a built-in example for the page (an `ExampleRequest`, ./encode-protocol.ts): the
 * page compares restored work with its example for the "edited" marker, and loading the 10,000-tool example on the
 * page's thread generated and checked 10,000 tools there (seconds, at start-up). Apart from
 * ./share-worker-protocol.ts so the page's fallback decoder does not bring the examples' code along.
 */
import { loadExample } from "../examples";
import { fetchGzipJsonSameOrigin, withScenarioAssets, type FetchJson } from "../examples/scenario-asset";
import type { ExampleRequest, ExampleResponse } from "./encode-protocol";

/**
 * The example a request names, from its build-time file when the server has one (as the engine workers load it),
 * else as lib/examples loads it. Never rejects: a failure is the answer.
 */
export async function loadExampleAnswer(
  request: ExampleRequest,
  fetchJson: FetchJson = fetchGzipJsonSameOrigin,
): Promise<ExampleResponse> {
  try {
    const example = await withScenarioAssets(loadExample, fetchJson)(request.loadExample);
    return { requestId: request.requestId, example };
  } catch (error) {
    return { requestId: request.requestId, exampleError: error instanceof Error ? error.message : String(error) };
  }
}
