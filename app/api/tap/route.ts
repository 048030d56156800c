/** The Tap view's status, sessions and settings (lib/tap/tap-routes.ts). */
import { tapSettingsRoute, tapStatusRoute } from "@/lib/tap/tap-routes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return tapStatusRoute(request);
}

export function POST(request: Request): Promise<Response> {
  return tapSettingsRoute(request);
}
