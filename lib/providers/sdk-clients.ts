import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";

/**
 * The official SDK clients the server makes for one live call (lib/server/live-clients.ts pins their options); an
 * adapter opens its call on the one its wire format speaks. Types only: nothing here loads an SDK.
 */
export type SdkClients = {
  anthropic(): Anthropic;
  openai(): OpenAI;
  /** For a format without an SDK here: the target's base URL and key, and the guarded fetch to reach it. */
  http(): { baseURL: string; apiKey: string; fetch: typeof fetch };
};

/** A live call's body and Anthropic beta flags, as the route validated them. */
export type SdkCall = { body: Record<string, unknown>; betas: readonly string[] };
