/** "Count exactly": a request's prompt size from the provider's own counting endpoint (docs/LIVE.md). */
import { handleCountTokens } from "@/lib/server/live-count";

export const runtime = "nodejs";

export function POST(request: Request): Promise<Response> {
  return handleCountTokens(request);
}
