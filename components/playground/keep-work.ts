/**
 * The page's one rule about the person's work: nothing replaces it without first keeping it in Saved scenarios or
 * asking. These helpers decide whether work needs keeping, keep it, and say in words what happened, so the link
 * opener, the example picker and the tour all behave the same way.
 */
import type { LocalStore } from "@/lib/share/local-store";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import { serializeScenario, serializesEqual } from "@/lib/scenario/serialize-scenario";
import type { Scenario } from "@/lib/scenario/types";
import { downloadText, fileNameFor } from "@/components/share/download";

export type KeepOutcome =
  { kind: "nothing-to-keep" } | { kind: "kept"; name: string } | { kind: "failed"; message: string; code: string };

/**
 * Keeps `previous` in the saved list before `incoming` replaces it. Nothing is kept when there is no previous work,
 * when the incoming scenario is the same one, or when `unchanged` says the work is an unedited example (opening
 * the example again gives it back).
 */
export function keepWorkAside(
  store: Pick<LocalStore, "keepAside">,
  previous: Partial<WorkspaceState> | null,
  options: { incoming?: Scenario; reason: string; unchanged?: boolean; now?: Date },
): KeepOutcome {
  if (!previous?.scenario || options.unchanged) return { kind: "nothing-to-keep" };
  if (options.incoming && serializeScenario(previous.scenario) === serializeScenario(options.incoming))
    return { kind: "nothing-to-keep" };
  const when = (options.now ?? new Date()).toLocaleString();
  const kept = store.keepAside(`${previous.scenario.title} (before ${options.reason}, ${when})`, previous);
  return kept.ok
    ? { kind: "kept", name: kept.value.name }
    : { kind: "failed", message: plainStoreMessage(kept.error.message), code: kept.error.code };
}

/**
 * `keepWorkAside` for a big scenario, with nothing long on the page's thread: the comparison with the incoming
 * scenario stops at the first tool that differs (`serializesEqual`), and the store compresses in `codec` (the
 * page's share worker). Same outcomes as `keepWorkAside`.
 */
export async function keepWorkAsideWith(
  store: Pick<LocalStore, "keepAsideWith">,
  previous: Partial<WorkspaceState> | null,
  options: { incoming?: Scenario; reason: string; unchanged?: boolean; now?: Date },
  codec: Parameters<LocalStore["keepAsideWith"]>[2],
): Promise<KeepOutcome> {
  if (!previous?.scenario || options.unchanged) return { kind: "nothing-to-keep" };
  if (options.incoming && serializesEqual(previous.scenario, options.incoming)) return { kind: "nothing-to-keep" };
  const when = (options.now ?? new Date()).toLocaleString();
  const kept = await store.keepAsideWith(
    `${previous.scenario.title} (before ${options.reason}, ${when})`,
    previous,
    codec,
  );
  return kept.ok
    ? { kind: "kept", name: kept.value.name }
    : { kind: "failed", message: plainStoreMessage(kept.error.message), code: kept.error.code };
}

/** Store messages start with their module ("local-store: …"); on screen they are sentences. */
export function plainStoreMessage(message: string): string {
  const text = message.replace(/^[a-z-]+:\s*/, "");
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export type StorageAvailability = "available" | "full" | "blocked";

/** Whether this browser lets the page keep anything: blocked storage (privacy settings, a frame) throws or is null. */
export function probeStorage(storage: Pick<Storage, "setItem" | "removeItem"> | null): StorageAvailability {
  if (!storage) return "blocked";
  const key = "tool-disclosure-playground:probe";
  try {
    storage.setItem(key, "1");
    storage.removeItem(key);
    return "available";
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    return name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" ? "full" : "blocked";
  }
}

/** Saves the scenario as a file: the way to keep work when the browser's storage cannot. */
export function downloadScenario(scenario: Scenario): void {
  downloadText(fileNameFor(scenario.title, "json"), serializeScenario(scenario));
}
