/** A recorded tap session as JSONL or HAR (lib/tap/export.ts). */
import { tapExportRoute } from "@/lib/tap/tap-routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return tapExportRoute(request);
}
