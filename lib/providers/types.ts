import type { CatalogTool } from "../core/catalog";
import type { EngineWarning, Segment, WireRequest } from "../core";
import type { Transcript, TranscriptBlock } from "../core";
import type { ModelInfo } from "../models";
import type { ScenarioSettings } from "../scenario/types";
import type { ProviderId } from "../core/ids";
import type { TokenCounter } from "../tokens";

/** Everything a provider module needs to render a transcript; heavy dependencies are injected. */
export type RenderContext = {
  settings: ScenarioSettings;
  model: ModelInfo;
  counter: TokenCounter;
  catalogByName: ReadonlyMap<string, CatalogTool>;
};

export type RenderedRequest = { request: WireRequest; segments: Segment[]; warnings: EngineWarning[] };

/** What turning a recorded wire body into segments needs: no catalog, no settings (the body carries them). */
export type BodyContext = { model: ModelInfo; counter: TokenCounter };

export type BodySegments = { segments: Segment[]; warnings: EngineWarning[] };

/** The usage the simulated provider reports, in neutral terms; each provider maps it to its own fields. */
export type SimulatedUsage = {
  uncached: number;
  cacheRead: number;
  cacheWrite: number;
  output: number;
  writesBilled: boolean;
};

export interface ProviderAdapter {
  readonly id: ProviderId;
  readonly label: string;
  readonly endpoint: string;
  renderRequest(transcript: Transcript, context: RenderContext): RenderedRequest;
  /**
   * The segment list of a wire body as it was sent (an imported trace): its own cache markers and order. For a body
   * this module rendered, it equals `renderRequest`'s segments (lib/providers/body-segments.test.ts).
   */
  segmentBody(body: Record<string, unknown>, context: BodyContext): BodySegments;
  /** The provider's response body for an assistant turn made of these blocks. */
  renderResponse(
    blocks: TranscriptBlock[],
    usage: SimulatedUsage,
    context: RenderContext,
    responseId: string,
  ): Record<string, unknown>;
  /** Text whose token count approximates the assistant turn's output tokens. */
  outputText(blocks: TranscriptBlock[]): string;
}
