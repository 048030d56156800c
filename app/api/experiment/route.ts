/**
 * The experiment: shipped task sets and a queued run's progress (GET), runs streamed as NDJSON (POST), cancelling a
 * queued run (DELETE); lib/server/experiment-route.ts.
 */
import {
  handleExperimentCancel,
  handleExperimentRun,
  handleExperimentState,
  handleExperimentTasks,
} from "@/lib/server/experiment-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export function GET(request: Request): Response | Promise<Response> {
  return new URL(request.url).searchParams.has("id") ? handleExperimentState(request) : handleExperimentTasks(request);
}

export function POST(request: Request): Promise<Response> {
  return handleExperimentRun(request);
}

export function DELETE(request: Request): Promise<Response> {
  return handleExperimentCancel(request);
}
