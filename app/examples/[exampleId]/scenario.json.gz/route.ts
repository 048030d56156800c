/**
 * GET /examples/<id>/scenario.json.gz: a large generated example (the 10,000-tool one) as gzip-compressed JSON, prerendered by
 * `next build` so the engine workers fetch it instead of generating it (lib/examples/scenario-asset.ts). Only the
 * examples of scenarioAssetExampleIds() exist; any other id is a 404.
 */
import { gzipSync } from "node:zlib";
import { loadExample } from "@/lib/examples";
import { scenarioAssetExampleIds } from "@/lib/examples/scenario-asset";

// Made at build time for the listed ids, never on request.
export const dynamicParams = false;

export function generateStaticParams(): Array<{ exampleId: string }> {
  return scenarioAssetExampleIds().map((exampleId) => ({ exampleId }));
}

export async function GET(
  _request: Request,
  { params }: { params: Promise<{ exampleId: string }> },
): Promise<Response> {
  const { exampleId } = await params;
  if (!scenarioAssetExampleIds().includes(exampleId)) return new Response("not found", { status: 404 });
  // Compressed once, here at build time (15 MB of JSON → ≈ 0.9 MB), and served as a gzip file, which the server's
  // own compression leaves alone: as JSON it gzipped 15 MB for every request (≈ 0.25 s of the server's CPU each,
  // 0.5 s when both engine workers asked at once; measured). A `content-encoding: gzip` header is not an option:
  // Next.js drops it from a prerendered answer and compresses the gzip again. The workers decompress it with the
  // browser's DecompressionStream (lib/examples/scenario-asset.ts).
  const body = gzipSync(JSON.stringify(await loadExample(exampleId)));
  return new Response(new Uint8Array(body), { headers: { "content-type": "application/gzip" } });
}
