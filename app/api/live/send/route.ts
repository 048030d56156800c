/** Live mode: one engine-rendered request to the real provider, streamed back as NDJSON (docs/LIVE.md). */
import { handleLiveSend } from "@/lib/server/live-send";

// node:crypto (page token), node:fs (optional log file) and the provider SDKs need Node, not the Edge runtime.
export const runtime = "nodejs";

export function POST(request: Request): Promise<Response> {
  return handleLiveSend(request);
}
