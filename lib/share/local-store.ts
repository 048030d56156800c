/**
 * The browser's own copy of the work: the working scenario (autosaved) and a list of named saved scenarios.
 * Framework-free over an injected Storage-like object (localStorage in the page, a Map in tests). Entries are
 * stored in the share-link format (compressed, versioned, validated on the way back in), with only the keys the
 * persistence table marks `persist: true`, so a 10,000-tool scenario (~1.2 MB) fits the usual 5 MB quota and API
 * keys never reach disk. No method throws: quota and storage errors come back as values.
 */
import type { InputProblem } from "../core/catalog";
import type { DecodedPayload } from "./encode-protocol";
import { STRATEGY_IDS } from "../core/ids";
import { decodeSharePayload } from "./share-link";
import { encodeWorkspace } from "./share-link";
import type { SharedWorkspace } from "./share-envelope";
import type { WorkspaceState } from "../persistence/state-keys";
import { STORAGE_PREFIX, WORKING_KEY } from "./storage-keys";

export type StorageLike = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};

export { STORAGE_PREFIX, WORKING_KEY };
/**
 * The strategy and step looked at, kept apart from the working scenario: stepping through a 10,000-tool run then
 * writes a few bytes instead of compressing 15 MB on every key press. It applies only to the working record it was
 * written after (`workingSavedAt`), so it can never move a selection onto another scenario.
 */
const WORKING_SELECTION_KEY = `${STORAGE_PREFIX}working-selection`;
const INDEX_KEY = `${STORAGE_PREFIX}saved-index`;
const entryKey = (id: string) => `${STORAGE_PREFIX}saved:${id}`;

export const MAX_NAME_CHARS = 120;

export type LocalStoreErrorCode = "quota" | "unavailable" | "corrupt" | "not-found" | "invalid-name";
/** `message` is the English sentence; the interface words `code` (with `values`) in the reader's language. */
export type LocalStoreError = { code: LocalStoreErrorCode; message: string; values?: Record<string, number> };
export type StoreResult<T> = { ok: true; value: T } | { ok: false; error: LocalStoreError };

export type SavedScenarioEntry = {
  id: string;
  name: string;
  savedAt: number;
  toolCount: number;
  turnCount: number;
  bytes: number;
};
/** What the page is looking at in the working scenario. */
export type WorkspaceSelection = Pick<WorkspaceState, "strategyId" | "stepIndex" | "forceProvider">;

export type OpenedWorkspace = { workspace: SharedWorkspace; problems: InputProblem[]; savedAt: number };

/**
 * The working record of an unedited built-in example: its id and the selection, not the scenario. The example is
 * part of the page, so saving it whole would only repeat it (at 10,000 tools, seconds of compressing 15 MB in the
 * share worker while the engine runs). The page opens the example again from its id.
 */
export type WorkingReference = {
  exampleId: string;
  /**
   * The example's settings as the person changed them (and nothing else of it): a share payload of a scenario that
   * holds only them (`settingsCarrier`), so they are validated and migrated on the way back in like any saved work.
   * A few hundred bytes, where the whole 10,000-tool example was about 1 MB compressed in the share worker.
   */
  settingsPayload?: string;
} & Partial<WorkspaceSelection>;

/** Longest settings payload a reference may hold: settings are a few hundred bytes compressed. */
const MAX_SETTINGS_PAYLOAD_CHARS = 100_000;

/** A scenario carrying only `settings` (no tools, no turns): what a reference's settings are encoded as. */
export function settingsCarrier(exampleId: string, settings: WorkspaceState["scenario"]["settings"]) {
  return {
    formatVersion: 1,
    id: exampleId,
    title: exampleId,
    catalog: { tools: [] },
    turns: [],
    settings,
  } satisfies WorkspaceState["scenario"];
}

/** Longest example id a reference may name: ids are short kebab-case words, a stored value is never trusted. */
const MAX_EXAMPLE_ID_CHARS = 100;

export type LocalStoreOptions = { now?: () => number; newId?: () => string };

function isQuotaError(error: unknown): boolean {
  const candidate = error as { name?: string; code?: number } | null;
  return (
    candidate?.name === "QuotaExceededError" ||
    candidate?.name === "NS_ERROR_DOM_QUOTA_REACHED" ||
    candidate?.code === 22 ||
    candidate?.code === 1014
  );
}

function failure<T>(code: LocalStoreErrorCode, message: string): StoreResult<T> {
  return { ok: false, error: { code, message } };
}

function defaultId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Only well-formed selection fields: a stored value is never trusted to be what it claims. */
function pickSelection(value: Record<string, unknown>): Partial<WorkspaceSelection> {
  const selection: Partial<WorkspaceSelection> = {};
  if (typeof value.strategyId === "string" && (STRATEGY_IDS as readonly string[]).includes(value.strategyId))
    selection.strategyId = value.strategyId as WorkspaceSelection["strategyId"];
  if (typeof value.stepIndex === "number" && Number.isInteger(value.stepIndex) && value.stepIndex >= 0)
    selection.stepIndex = value.stepIndex;
  if (typeof value.forceProvider === "boolean") selection.forceProvider = value.forceProvider;
  return selection;
}

export function createLocalStore(storage: StorageLike | null | undefined, options: LocalStoreOptions = {}) {
  const now = options.now ?? Date.now;
  const newId = options.newId ?? defaultId;

  function write(key: string, value: string): StoreResult<void> {
    if (!storage)
      return failure(
        "unavailable",
        "local-store: this browser does not allow saving (private mode or storage disabled)",
      );
    try {
      storage.setItem(key, value);
      return { ok: true, value: undefined };
    } catch (error) {
      if (isQuotaError(error)) {
        return {
          ok: false,
          error: {
            code: "quota",
            message: `local-store: the browser's storage is full (this save needs ${(value.length / 1024).toFixed(0)} KB); delete saved scenarios or download a scenario file`,
            values: { kilobytes: Math.round(value.length / 1024) },
          },
        };
      }
      return failure(
        "unavailable",
        `local-store: the browser refused to save (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }

  function read(key: string): string | null {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function remove(key: string): void {
    try {
      storage?.removeItem(key);
    } catch {
      // A storage that cannot remove cannot hold anything either.
    }
  }

  function encode(state: Partial<WorkspaceState>): StoreResult<string> {
    try {
      return { ok: true, value: encodeWorkspace(state, "persist").payload };
    } catch (error) {
      return failure(
        "corrupt",
        `local-store: nothing to save (${error instanceof Error ? error.message : String(error)})`,
      );
    }
  }

  /** A stored record's payload and time, or why it cannot be opened; the payload is not decoded yet. */
  function readRecord(raw: string | null): StoreResult<{ payload: string; savedAt: number }> {
    if (raw === null) return failure("not-found", "local-store: nothing saved");
    let record: { savedAt?: unknown; payload?: unknown };
    try {
      record = JSON.parse(raw) as typeof record;
    } catch {
      return failure("corrupt", "local-store: the saved data is damaged and was not opened");
    }
    if (typeof record?.payload !== "string")
      return failure("corrupt", "local-store: the saved data is damaged and was not opened");
    return {
      ok: true,
      value: { payload: record.payload, savedAt: typeof record.savedAt === "number" ? record.savedAt : 0 },
    };
  }

  function openedFrom(decoded: DecodedPayload, savedAt: number): StoreResult<OpenedWorkspace> {
    if (!decoded.ok)
      return failure("corrupt", `local-store: the saved scenario could not be opened (${decoded.error.message})`);
    return { ok: true, value: { workspace: decoded.workspace, problems: decoded.problems, savedAt } };
  }

  function decodeRecord(raw: string | null): StoreResult<OpenedWorkspace> {
    const record = readRecord(raw);
    if (!record.ok) return record;
    return openedFrom(decodeSharePayload(record.value.payload), record.value.savedAt);
  }

  /** The example a working record names (`saveWorkingReference`), or null when it holds a scenario (or nothing). */
  function referenceOf(raw: string | null): { reference: WorkingReference; savedAt: number } | null {
    if (raw === null) return null;
    let record: Record<string, unknown>;
    try {
      record = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return null;
    }
    const exampleId = record?.exampleId;
    if (typeof exampleId !== "string" || !/^[a-z0-9-]+$/.test(exampleId) || exampleId.length > MAX_EXAMPLE_ID_CHARS)
      return null;
    const savedAt = typeof record.savedAt === "number" ? record.savedAt : 0;
    const settings = record.settings;
    // A settings payload is decoded (and checked) by the startup; here only its shape is.
    const settingsPayload =
      typeof settings === "string" && settings.length <= MAX_SETTINGS_PAYLOAD_CHARS
        ? { settingsPayload: settings }
        : {};
    return { reference: { exampleId, ...settingsPayload, ...pickSelection(record) }, savedAt };
  }

  /** The working record, its separate selection applied when it belongs to it. */
  function withSelection(opened: StoreResult<OpenedWorkspace>): StoreResult<OpenedWorkspace> {
    if (!opened.ok) return opened;
    const selection = readSelection(opened.value.savedAt);
    return selection
      ? { ok: true, value: { ...opened.value, workspace: { ...opened.value.workspace, ...selection } } }
      : opened;
  }

  /** When this store last wrote the working scenario; a separate selection is only written against it. */
  let workingSavedAt: number | null = null;

  /** The separate selection written after the working record saved at `savedAt`, checked field by field. */
  function readSelection(savedAt: number): Partial<WorkspaceSelection> | null {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(read(WORKING_SELECTION_KEY) ?? "null") as Record<string, unknown>;
    } catch {
      return null;
    }
    if (!parsed || typeof parsed !== "object" || parsed.workingSavedAt !== savedAt) return null;
    return pickSelection(parsed);
  }

  function readIndex(): SavedScenarioEntry[] {
    try {
      const parsed: unknown = JSON.parse(read(INDEX_KEY) ?? "[]");
      if (!Array.isArray(parsed)) return [];
      return parsed.filter(
        (entry): entry is SavedScenarioEntry =>
          typeof entry?.id === "string" && typeof entry?.name === "string" && typeof entry?.savedAt === "number",
      );
    } catch {
      return [];
    }
  }

  function cleanName(name: string): StoreResult<string> {
    const trimmed = name.trim().replace(/\s+/g, " ");
    if (!trimmed) return failure("invalid-name", "local-store: a saved scenario needs a name");
    return { ok: true, value: trimmed.slice(0, MAX_NAME_CHARS) };
  }

  function storeEntry(
    entry: SavedScenarioEntry,
    payload: string,
    index: SavedScenarioEntry[],
  ): StoreResult<SavedScenarioEntry> {
    const written = write(entryKey(entry.id), JSON.stringify({ savedAt: entry.savedAt, payload }));
    if (!written.ok) return written;
    const indexWritten = write(INDEX_KEY, JSON.stringify(index));
    if (!indexWritten.ok) {
      remove(entryKey(entry.id));
      return indexWritten;
    }
    return { ok: true, value: entry };
  }

  return {
    /** Autosave target: the scenario being worked on. */
    saveWorking(state: Partial<WorkspaceState>): StoreResult<{ savedAt: number; bytes: number }> {
      const encoded = encode(state);
      if (!encoded.ok) return encoded;
      return this.saveWorkingPayload(encoded.value);
    },

    /**
     * `saveWorking` with the payload already encoded (`encodeWorkspace(state, "persist").payload`), by the autosave's
     * worker (./encode-protocol.ts) so a big scenario is never compressed on the page's thread.
     */
    saveWorkingPayload(payload: string): StoreResult<{ savedAt: number; bytes: number }> {
      const encoded = { value: payload };
      const savedAt = now();
      const written = write(WORKING_KEY, JSON.stringify({ savedAt, payload: encoded.value }));
      if (written.ok) {
        // The payload carries the selection of this save: an older separate selection no longer applies.
        remove(WORKING_SELECTION_KEY);
        workingSavedAt = savedAt;
      }
      return written.ok ? { ok: true, value: { savedAt, bytes: encoded.value.length } } : written;
    },

    /**
     * Autosave target for a built-in example unedited, or edited only in its settings: its id, the changed settings
     * (encoded, a few hundred bytes) and the selection, never the catalog or the conversation. Like a whole save, it
     * replaces the working record and any separate selection.
     */
    saveWorkingReference(
      reference: { exampleId: string; settings?: WorkspaceState["scenario"]["settings"] } & WorkspaceSelection,
    ): StoreResult<{ savedAt: number; bytes: number }> {
      const savedAt = now();
      let settings: string | undefined;
      if (reference.settings) {
        const encoded = encode({ scenario: settingsCarrier(reference.exampleId, reference.settings) });
        if (!encoded.ok) return encoded;
        settings = encoded.value;
      }
      const value = JSON.stringify({
        savedAt,
        exampleId: reference.exampleId,
        ...(settings ? { settings } : {}),
        ...pickSelection(reference),
      });
      const written = write(WORKING_KEY, value);
      if (!written.ok) return written;
      remove(WORKING_SELECTION_KEY);
      workingSavedAt = savedAt;
      return { ok: true, value: { savedAt, bytes: value.length } };
    },

    /**
     * The example the working record names (saved by `saveWorkingReference`), with the selection saved after it;
     * null when the working record holds a scenario or there is none (then `loadWorking` is the answer).
     */
    loadWorkingReference(): WorkingReference | null {
      const opened = referenceOf(read(WORKING_KEY));
      if (!opened) return null;
      return { ...opened.reference, ...readSelection(opened.savedAt) };
    },

    /**
     * Autosave target when only the strategy or step changed since `saveWorking`: a few bytes. Refused (nothing
     * written) when this store has not saved the working scenario itself, since the selection must belong to it.
     */
    saveWorkingSelection(selection: WorkspaceSelection): StoreResult<{ savedAt: number; bytes: number }> {
      if (workingSavedAt === null) return failure("not-found", "local-store: no working scenario saved yet");
      const savedAt = now();
      const value = JSON.stringify({ workingSavedAt, ...pickSelection(selection) });
      const written = write(WORKING_SELECTION_KEY, value);
      return written.ok ? { ok: true, value: { savedAt, bytes: value.length } } : written;
    },

    /**
     * The autosaved work, `null` when there is none or it is an unedited example (`loadWorkingReference`). A damaged
     * entry is reported, never thrown.
     */
    loadWorking(): StoreResult<OpenedWorkspace | null> {
      const raw = read(WORKING_KEY);
      if (raw === null || referenceOf(raw)) return { ok: true, value: null };
      return withSelection(decodeRecord(raw));
    },

    /**
     * `loadWorking` with the payload decoded by `decode` (the page passes its share worker's decoder, so a
     * 10,000-tool autosave is inflated and validated off the page's thread). Same answers as `loadWorking`.
     */
    async loadWorkingDecodedBy(
      decode: (payload: string) => Promise<DecodedPayload>,
    ): Promise<StoreResult<OpenedWorkspace | null>> {
      const raw = read(WORKING_KEY);
      if (raw === null || referenceOf(raw)) return { ok: true, value: null };
      const record = readRecord(raw);
      if (!record.ok) return record;
      return withSelection(openedFrom(await decode(record.value.payload), record.value.savedAt));
    },

    clearWorking(): void {
      remove(WORKING_KEY);
      remove(WORKING_SELECTION_KEY);
      workingSavedAt = null;
    },

    /** Saved scenarios, newest first. */
    list(): SavedScenarioEntry[] {
      return readIndex().sort((a, b) => b.savedAt - a.savedAt);
    },

    saveAs(name: string, state: Partial<WorkspaceState>): StoreResult<SavedScenarioEntry> {
      const cleaned = cleanName(name);
      if (!cleaned.ok) return cleaned;
      const encoded = encode(state);
      if (!encoded.ok) return encoded;
      const entry: SavedScenarioEntry = {
        id: newId(),
        name: cleaned.value,
        savedAt: now(),
        toolCount: state.scenario?.catalog.tools.length ?? 0,
        turnCount: state.scenario?.turns.length ?? 0,
        bytes: encoded.value.length,
      };
      return storeEntry(entry, encoded.value, [...readIndex(), entry]);
    },

    /**
     * Keeps work aside before something replaces it (a link, an example named in the URL): saved like `saveAs`,
     * unless a saved entry already holds exactly this scenario (then that entry is the answer, nothing is written),
     * so opening links again and again never piles up copies.
     */
    keepAside(name: string, state: Partial<WorkspaceState>): StoreResult<SavedScenarioEntry> {
      if (!state.scenario) return failure("corrupt", "local-store: nothing to keep");
      const scenarioOnly = encode({ scenario: state.scenario });
      if (!scenarioOnly.ok) return scenarioOnly;
      const index = readIndex();
      for (const entry of index) {
        if (entry.toolCount !== state.scenario.catalog.tools.length || entry.turnCount !== state.scenario.turns.length)
          continue;
        const saved = decodeRecord(read(entryKey(entry.id)));
        const savedScenario = saved.ok ? encode({ scenario: saved.value.workspace.scenario }) : null;
        if (savedScenario?.ok && savedScenario.value === scenarioOnly.value) return { ok: true, value: entry };
      }
      return this.saveAs(name, state);
    },

    /**
     * `keepAside` with the compressing and decompressing done by `codec` (the page passes its share worker, where
     * a 10,000-tool scenario takes seconds): the same entries and answers. An encode the codec cannot do (null) is
     * done here.
     */
    async keepAsideWith(
      name: string,
      state: Partial<WorkspaceState>,
      codec: {
        encode(state: Partial<WorkspaceState> & { scenario: WorkspaceState["scenario"] }): Promise<string | null>;
        decode(payload: string): Promise<DecodedPayload>;
      },
    ): Promise<StoreResult<SavedScenarioEntry>> {
      if (!state.scenario) return failure("corrupt", "local-store: nothing to keep");
      const scenario = state.scenario;
      const encodeWith = async (
        value: Partial<WorkspaceState> & { scenario: WorkspaceState["scenario"] },
      ): Promise<StoreResult<string>> => {
        const payload = await codec.encode(value);
        return payload === null ? encode(value) : { ok: true, value: payload };
      };
      const scenarioOnly = await encodeWith({ scenario });
      if (!scenarioOnly.ok) return scenarioOnly;
      const index = readIndex();
      for (const entry of index) {
        if (entry.toolCount !== scenario.catalog.tools.length || entry.turnCount !== scenario.turns.length) continue;
        const record = readRecord(read(entryKey(entry.id)));
        if (!record.ok) continue;
        const saved = openedFrom(await codec.decode(record.value.payload), record.value.savedAt);
        const savedScenario = saved.ok ? await encodeWith({ scenario: saved.value.workspace.scenario }) : null;
        if (savedScenario?.ok && savedScenario.value === scenarioOnly.value) return { ok: true, value: entry };
      }
      const cleaned = cleanName(name);
      if (!cleaned.ok) return cleaned;
      const encoded = await encodeWith({ ...state, scenario });
      if (!encoded.ok) return encoded;
      const entry: SavedScenarioEntry = {
        id: newId(),
        name: cleaned.value,
        savedAt: now(),
        toolCount: scenario.catalog.tools.length,
        turnCount: scenario.turns.length,
        bytes: encoded.value.length,
      };
      return storeEntry(entry, encoded.value, [...readIndex(), entry]);
    },

    open(id: string): StoreResult<OpenedWorkspace> {
      if (!readIndex().some((entry) => entry.id === id))
        return failure("not-found", "local-store: no saved scenario with this id");
      return decodeRecord(read(entryKey(id)));
    },

    rename(id: string, name: string): StoreResult<SavedScenarioEntry> {
      const cleaned = cleanName(name);
      if (!cleaned.ok) return cleaned;
      const index = readIndex();
      const entry = index.find((candidate) => candidate.id === id);
      if (!entry) return failure("not-found", "local-store: no saved scenario with this id");
      const renamed = { ...entry, name: cleaned.value };
      const written = write(
        INDEX_KEY,
        JSON.stringify(index.map((candidate) => (candidate.id === id ? renamed : candidate))),
      );
      return written.ok ? { ok: true, value: renamed } : written;
    },

    duplicate(id: string, name?: string): StoreResult<SavedScenarioEntry> {
      const index = readIndex();
      const entry = index.find((candidate) => candidate.id === id);
      const raw = read(entryKey(id));
      if (!entry || raw === null) return failure("not-found", "local-store: no saved scenario with this id");
      const cleaned = cleanName(name ?? `${entry.name} (copy)`);
      if (!cleaned.ok) return cleaned;
      const copy: SavedScenarioEntry = { ...entry, id: newId(), name: cleaned.value, savedAt: now() };
      let payload: string;
      try {
        payload = (JSON.parse(raw) as { payload: string }).payload;
      } catch {
        return failure("corrupt", "local-store: the saved data is damaged and was not copied");
      }
      return storeEntry(copy, payload, [...index, copy]);
    },

    remove(id: string): StoreResult<void> {
      const index = readIndex();
      if (!index.some((entry) => entry.id === id))
        return failure("not-found", "local-store: no saved scenario with this id");
      const written = write(INDEX_KEY, JSON.stringify(index.filter((entry) => entry.id !== id)));
      if (!written.ok) return written;
      remove(entryKey(id));
      return { ok: true, value: undefined };
    },
  };
}

export type LocalStore = ReturnType<typeof createLocalStore>;
