/**
 * Runs once as the server starts (Next.js's instrumentation hook): opens the store (migrating a database), takes
 * experiment jobs when the store is a database, and puts the recording tap's node:http handler where
 * scripts/serve.mjs finds it, so `/tap/…` is answered before Next's routing (lib/tap/serve-tap.ts). Compiled with
 * the app, so the server needs no other build step.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Several processes on one database share the page token's secret (the store keeps the first one's). A database
  // that cannot be reached stops the start here, with its reason, rather than serving pages whose API fails.
  const { getStore } = await import("./lib/server/store");
  const { adoptServerSecret, serverSecret } = await import("./lib/server/request-guard");
  adoptServerSecret(await getStore().sharedSecret(serverSecret()));
  const { installTapHandler } = await import("./lib/tap/serve-tap");
  installTapHandler();
  // With a database this process also runs queued experiment jobs, as `npm run worker` does.
  const { startExperimentWorker } = await import("./lib/server/experiment-jobs");
  await startExperimentWorker();
  // scripts/serve.mjs calls it on SIGTERM or SIGINT: the store hands this process's jobs back and removes its
  // heartbeat, so another process takes them at once.
  (globalThis as { [key: symbol]: unknown })[Symbol.for("tool-disclosure-playground.before-exit")] = () =>
    getStore().close();
}
