import { handleShareGet } from "@/lib/server/share-handlers";

/** Returns the payload of a short link. See docs/SECURITY.md and lib/server/share-handlers.ts. */
export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  return handleShareGet(request, id);
}
