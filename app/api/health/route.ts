/**
 * `GET /api/health`: 200 when the server can answer and its store is reachable (the database migrated), else 503.
 * For a container's HEALTHCHECK and a load balancer; it names nothing about the store beyond its kind.
 */
import { getStore } from "@/lib/server/store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

export async function GET(): Promise<Response> {
  const store = getStore();
  try {
    await store.ready();
    return new Response(JSON.stringify({ ok: true, store: store.description }), { status: 200, headers: HEADERS });
  } catch {
    return new Response(JSON.stringify({ ok: false, store: store.description }), { status: 503, headers: HEADERS });
  }
}
