/** Vectors for the lab's semantic search from the server owner's embedding endpoint (docs/SEARCH.md). */
import { handleEmbeddingsPost, handleEmbeddingsStatus } from "@/lib/server/embeddings-handler";

export const runtime = "nodejs";

export function GET(request: Request): Response {
  return handleEmbeddingsStatus(request);
}

export function POST(request: Request): Promise<Response> {
  return handleEmbeddingsPost(request);
}
