/** The recording tap for moonshot clients (lib/tap): forwards to TAP_MOONSHOT_UPSTREAM and streams the answer back. */
import { tapRoute } from "@/lib/tap/tap-routes";

// better-sqlite3 and the streamed upstream body need Node; every request is forwarded, never cached.
export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ path: string[] }> };

async function handle(request: Request, context: Context): Promise<Response> {
  return tapRoute(request, "moonshot", (await context.params).path);
}

export { handle as DELETE, handle as GET, handle as PATCH, handle as POST, handle as PUT };
