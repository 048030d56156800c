/** The experiment: shipped task sets (GET) and runs streamed as NDJSON (POST); lib/server/experiment-route.ts. */
import { handleExperimentRun, handleExperimentTasks } from "@/lib/server/experiment-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Response {
  return handleExperimentTasks(request);
}

export function POST(request: Request): Promise<Response> {
  return handleExperimentRun(request);
}
