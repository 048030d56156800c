/**
 * Pasted API keys in the browser. By default a key lives only in the page's memory for this tab; it is written to
 * storage only when the person ticks "remember on this device", under its own storage key that no share link or
 * preferences code reads. Storage is injected (lib/ never touches `localStorage` itself).
 */
import type { ProviderId } from "../core/ids";
import { providerFacts, type ProviderAccount } from "../providers/facts";
import type { LiveEndpoint } from "./types";

/** The one localStorage entry that may hold keys; the persistence table must mark it never shareable. */
export const REMEMBERED_KEYS_STORAGE_KEY = "tool-disclosure-playground:live-keys";

/** One key per account, not per wire format: OpenAI Responses and Chat Completions share the OpenAI key. */
export type KeySlot = ProviderAccount | "openai-compatible";

export const KEY_SLOTS: readonly KeySlot[] = [
  "anthropic",
  "openai",
  "moonshot",
  "google",
  "deepseek",
  "alibaba",
  "zhipu",
  "openai-compatible",
];

export const KEY_SLOT_LABELS: Record<KeySlot, string> = {
  anthropic: "Anthropic API key",
  openai: "OpenAI API key",
  moonshot: "Moonshot API key",
  google: "Gemini API key",
  deepseek: "DeepSeek API key",
  alibaba: "Model Studio (DashScope) API key",
  zhipu: "BigModel API key",
  "openai-compatible": "OpenAI-compatible server key",
};

export type Keyring = Partial<Record<KeySlot, string>>;

export function keySlotFor(provider: ProviderId, endpoint: LiveEndpoint = { kind: "official" }): KeySlot {
  if (endpoint.kind !== "official") return "openai-compatible";
  return providerFacts(provider).account;
}

/** Keys are single-line tokens; anything else is a paste accident (a whole .env file, a trailing newline). */
export function normaliseKey(value: string): string {
  return value.trim().split(/\s+/)[0] ?? "";
}

export function readRememberedKeys(storage: Pick<Storage, "getItem">): Keyring {
  try {
    const raw = storage.getItem(REMEMBERED_KEYS_STORAGE_KEY);
    if (!raw) return {};
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return Object.fromEntries(
      KEY_SLOTS.flatMap((slot) => (typeof parsed[slot] === "string" && parsed[slot] ? [[slot, parsed[slot]]] : [])),
    );
  } catch {
    return {};
  }
}

/** Writes the remembered keys; an empty keyring removes the entry altogether. */
export function writeRememberedKeys(storage: Pick<Storage, "setItem" | "removeItem">, keys: Keyring): void {
  const entries = KEY_SLOTS.flatMap((slot) => (keys[slot] ? [[slot, keys[slot]]] : []));
  try {
    if (entries.length === 0) storage.removeItem(REMEMBERED_KEYS_STORAGE_KEY);
    else storage.setItem(REMEMBERED_KEYS_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage disabled (private mode): the key still works for this tab.
  }
}
