import { handleSharePost } from "@/lib/server/share-handlers";

/** Stores a share payload for a short link. See docs/SECURITY.md and lib/server/share-handlers.ts. */
export async function POST(request: Request): Promise<Response> {
  return handleSharePost(request);
}
