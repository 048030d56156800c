/**
 * A large generated example served as a file made at build time, which the engine workers fetch instead of
 * generating it. Generating the 10,000-tool example costs ≈ 2 s of CPU (sizing every tool with the o200k tokenizer);
 * decompressing its 0.9 MB (native code) and parsing its 15 MB of JSON ≈ 0.2–0.3 s. Both engine workers of
 * a split run (lib/workbench/engine-scheduler.ts) load it this way, each its own copy, so the page's engine worker does
 * not structured-clone 16 MB to its helper.
 *
 * The file is the route app/examples/[exampleId]/scenario.json.gz/route.ts, prerendered by `next build` from the
 * same generator (so it cannot be from another version of the code); `next dev` makes it on request. It is gzip
 * (0.9 MB), decompressed in the worker by the browser's DecompressionStream. When it cannot be had (no server, a
 * 404, no DecompressionStream, a file that is not this example) the worker generates the example as before.
 */
import type { Scenario } from "../scenario/types";
import { EXAMPLES } from "./example-list";

/** Smaller examples load from their own chunks in a blink; a file of their own would be one more request. */
export const SCENARIO_ASSET_MINIMUM_TOOLS = 2_000;

/** The examples served as a build-time file: the generated ones of SCENARIO_ASSET_MINIMUM_TOOLS tools or more. */
export function scenarioAssetExampleIds(): string[] {
  return EXAMPLES.filter((example) => (example.toolCount ?? 0) >= SCENARIO_ASSET_MINIMUM_TOOLS).map(
    (example) => example.id,
  );
}

/** Where the file of `exampleId` is served (same origin: nothing is downloaded from elsewhere). */
export function scenarioAssetPath(exampleId: string): string {
  return `/examples/${encodeURIComponent(exampleId)}/scenario.json.gz`;
}

/** Fetches and parses JSON; rejects on a failed request or a non-2xx answer. */
export type FetchJson = (path: string) => Promise<unknown>;

/**
 * The scenario of `exampleId` from its file, or undefined when the example has none or the file is not the example
 * (another id, another number of tools: a file from another version would be worse than generating).
 */
export async function loadScenarioAsset(exampleId: string, fetchJson: FetchJson): Promise<Scenario | undefined> {
  if (!scenarioAssetExampleIds().includes(exampleId)) return undefined;
  const value = (await fetchJson(scenarioAssetPath(exampleId))) as Partial<Scenario> | null;
  const toolCount = EXAMPLES.find((example) => example.id === exampleId)?.toolCount;
  const tools = value?.catalog?.tools;
  if (value?.id !== exampleId || !Array.isArray(tools) || tools.length !== toolCount) return undefined;
  if (!Array.isArray(value.turns) || typeof value.settings !== "object" || value.settings === null) return undefined;
  return value as Scenario;
}

/**
 * `loadExample` that takes a large example from its file when it can, and otherwise (or for any other example)
 * from `loadExample`. Never worse than `loadExample`: every failure of the file falls back to it.
 */
export function withScenarioAssets(
  loadExample: (exampleId: string) => Promise<Scenario>,
  fetchJson: FetchJson,
): (exampleId: string) => Promise<Scenario> {
  return async (exampleId) => {
    try {
      const scenario = await loadScenarioAsset(exampleId, fetchJson);
      if (scenario) return scenario;
    } catch {
      // Offline from its own server, a 404 in a build without the route: generate it, as before.
    }
    return loadExample(exampleId);
  };
}

/** The JSON in a gzip-compressed response body, decompressed by the platform's DecompressionStream (native code). */
export async function readGzipJson(response: Response): Promise<unknown> {
  if (!response.body) throw new Error("gzip JSON: empty response");
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip"))).json();
}

/** The browser's fetch of a gzip JSON file as a FetchJson (workers: same origin as the page). */
export async function fetchGzipJsonSameOrigin(path: string): Promise<unknown> {
  const response = await fetch(path, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return readGzipJson(response);
}
