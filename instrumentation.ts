/**
 * Runs once as the server starts (Next.js's instrumentation hook): puts the recording tap's node:http handler where
 * scripts/serve.mjs finds it, so `/tap/…` is answered before Next's routing (lib/tap/serve-tap.ts). Compiled with
 * the app, so the server needs no other build step.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installTapHandler } = await import("./lib/tap/serve-tap");
  installTapHandler();
}
