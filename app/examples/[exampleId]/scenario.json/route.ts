/**
 * GET /examples/<id>/scenario.json: a large generated example (the 10,000-tool one) as JSON, prerendered by
 * `next build` so the engine workers fetch it instead of generating it (lib/examples/scenario-asset.ts). Only the
 * examples of scenarioAssetExampleIds() exist; any other id is a 404.
 */
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
  return new Response(JSON.stringify(await loadExample(exampleId)), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
