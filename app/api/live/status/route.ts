/** Live mode: which providers have a server key and whether custom base URLs are allowed (never a key). */
import { handleLiveStatus } from "@/lib/server/live-status";

export const runtime = "nodejs";

export function GET(request: Request): Response {
  return handleLiveStatus(request);
}
