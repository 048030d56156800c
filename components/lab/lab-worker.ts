"use client";
import { LabClient, type LabWorkerLike } from "@/workers/lab-client";

/** Starts the lab worker (a module worker, bundled by Next from workers/lab.worker.ts) and its client. */
export function createLabClient(): LabClient {
  const worker = new Worker(new URL("../../workers/lab.worker.ts", import.meta.url), {
    type: "module",
    name: "search-lab",
  });
  return new LabClient(worker as unknown as LabWorkerLike);
}
