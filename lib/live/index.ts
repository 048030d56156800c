/**
 * Live mode, framework-free: a run driven by a real model through the same renderers and cache model as the
 * simulation, the browser transport to the live routes, the measured-vs-predicted comparison, recalibration and
 * the key storage rules. The server side (SDK calls, keys, rate limit) is in lib/server/live-*.ts. See docs/LIVE.md.
 */
export * from "./types";
export * from "./api-schema";
export {
  createLiveRun,
  LiveRun,
  DEFAULT_MAX_REQUESTS_PER_TURN,
  type LiveRunOptions,
  type LiveRunSnapshot,
} from "./live-run";
export { createHttpTransport, readLiveError, type HttpTransportOptions } from "./http-transport";
export { describeLiveError, type LiveErrorView } from "./describe-error";
export { compareSteps, recalibrationFor, type Comparison, type ComparisonRow, type Figures } from "./compare";
export { overlaySeries, isLiveStep, type OverlayPoint } from "./chart-overlay";
export {
  recalibrate,
  fixedPromptTokens,
  CORRECTION_FACTOR_RANGE,
  type Recalibration,
  type CalibrationSample,
} from "./recalibrate";
export { measuredUsageFrom, usageDifference } from "./usage";
export { readReply, type ReadReply } from "./reply-blocks";
export { overlayAssistantTurns } from "./wire-overlay";
export { redactSecrets, containsSecret, REDACTED } from "./redact";
export * from "./key-storage";
export { createStreamAccumulator, ProviderStreamError, type StreamAccumulator } from "./stream/accumulator";
