/**
 * What the page opens with: a share link in the URL fragment wins, then the autosaved work, then nothing (the
 * page shows its default example). A link that fails to open reports why and falls back to the autosaved work,
 * so a broken link never costs the previous work.
 */
import type { InputProblem } from "@/lib/core/catalog";
import type { DecodedPayload } from "@/lib/share/encode-protocol";
import { EXAMPLES } from "@/lib/examples/example-list";
import type { LocalStore, WorkingReference } from "@/lib/share/local-store";
import type { SharedWorkspace } from "@/lib/share";
import type { ScenarioSettings } from "@/lib/scenario/types";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { shareErrorText, shortLinkErrorText } from "@/lib/share/share-error-text";
import { apiFetch, readApiError } from "./page-token";

export type WorkspaceSource = "link" | "short-link" | "autosave" | "none";

export type LinkOpening =
  | { ok: true; source: "link" | "short-link"; workspace: SharedWorkspace; problems: InputProblem[] }
  | { ok: false; message: string; problems?: InputProblem[] }
  | null;

export type StartupWorkspace = {
  source: WorkspaceSource;
  workspace?: SharedWorkspace;
  /**
   * The autosave was a built-in example, unedited or with changed settings only: its id, the settings and the
   * selection (`workspace` is then absent).
   */
  reference?: OpenedReference;
  problems: InputProblem[];
  /** Why the link in the URL did not open (the page shows it; the work shown is the autosaved one). */
  linkError?: string;
  /** Why the autosaved work could not be restored. */
  autosaveError?: string;
};

/** An autosaved example reference as the startup opens it: its changed settings decoded and checked. */
export type OpenedReference = Omit<WorkingReference, "settingsPayload"> & { settings?: ScenarioSettings };

export type ShortLinkFetcher = (
  id: string,
) => Promise<{ ok: true; payload: string } | { ok: false; message: string; code?: string }>;

export const fetchShortLink: ShortLinkFetcher = async (id) => {
  try {
    const response = await apiFetch(`/api/share/${encodeURIComponent(id)}`);
    if (!response.ok) {
      const { message, code } = await readApiError(response);
      return { ok: false, message, code };
    }
    const body = (await response.json()) as { payload?: unknown };
    return typeof body.payload === "string"
      ? { ok: true, payload: body.payload }
      : { ok: false, message: "share: the server's answer has no payload", code: "no_payload" };
  } catch (error) {
    return {
      ok: false,
      message: `share: the short link could not be fetched (${error instanceof Error ? error.message : String(error)})`,
      code: "network",
    };
  }
};

/** Decodes and validates a share payload: the page passes its share worker's (workers/share-encode-client.ts). */
export type PayloadDecoder = (payload: string) => Promise<DecodedPayload>;

/** Decodes on the calling thread (tests, and where no worker is given). */
const decodeHere: PayloadDecoder = async (payload) =>
  (await import("@/lib/share/share-worker-protocol")).decodePayload(payload);

/**
 * A link's error as the page shows it: without the module that found it ("share-link: the link contains…" read as
 * if the person should know what share-link is). The rest is already a sentence for a person.
 */
export function plainLinkMessage(message: string): string {
  return message.replace(/^(?:[a-z]+(?:-[a-z]+)*:\s*)+/, "");
}

/** Opens the link in `hash`, or returns null when the fragment is not a share link. Never throws. */
export async function openShareFragment(
  hash: string,
  fetcher: ShortLinkFetcher = fetchShortLink,
  decode: PayloadDecoder = decodeHere,
  /** The reader's language, for why a link did not open. The link itself carries none. */
  locale: Locale = DEFAULT_LOCALE,
): Promise<LinkOpening> {
  // Loaded here, not with the page: the codec (fflate) and the scenario parser (Ajv) are needed only for a link.
  const { parseShareFragment } = await import("@/lib/share");
  const fragment = parseShareFragment(hash);
  if (fragment.kind === "none") return null;
  const failed = (error: { code: Parameters<typeof shareErrorText>[0]["code"]; message: string }) =>
    locale === DEFAULT_LOCALE ? plainLinkMessage(error.message) : shareErrorText(error, locale);
  if (fragment.kind === "invalid") return { ok: false, message: failed(fragment.error) };
  let payload: string;
  if (fragment.kind === "short") {
    const fetched = await fetcher(fragment.id);
    if (!fetched.ok) {
      const words = locale === DEFAULT_LOCALE || !fetched.code ? null : shortLinkErrorText(fetched.code, locale);
      return { ok: false, message: words ?? plainLinkMessage(fetched.message) };
    }
    payload = fetched.payload;
  } else payload = fragment.payload;
  const decoded = await decode(payload);
  if (!decoded.ok) return { ok: false, message: failed(decoded.error), problems: decoded.error.problems };
  return {
    ok: true,
    source: fragment.kind === "short" ? "short-link" : "link",
    workspace: decoded.workspace,
    problems: decoded.problems,
  };
}

export async function resolveStartupWorkspace(input: {
  hash: string;
  store: LocalStore;
  fetcher?: ShortLinkFetcher;
  /** Where payloads are decoded: the page's share worker; on this thread when left out. */
  decode?: PayloadDecoder;
  /** The reader's language, for why a link did not open. */
  locale?: Locale;
}): Promise<StartupWorkspace> {
  const decode = input.decode ?? decodeHere;
  const link = await openShareFragment(input.hash, input.fetcher, decode, input.locale);
  if (link?.ok) return { source: link.source, workspace: link.workspace, problems: link.problems };
  const linkError = link && !link.ok ? link.message : undefined;
  const stored = input.store.loadWorkingReference();
  if (stored) {
    const { settingsPayload, ...reference } = stored;
    if (settingsPayload === undefined) return { source: "autosave", reference, problems: [], linkError };
    // The changed settings, validated and migrated like any saved work (in the share worker when there is one).
    const decoded = await decode(settingsPayload);
    if (decoded.ok)
      return {
        source: "autosave",
        reference: { ...reference, settings: decoded.workspace.scenario.settings },
        problems: [],
        linkError,
      };
    return {
      source: "autosave",
      reference,
      problems: [],
      linkError,
      autosaveError: `the settings saved with the example "${reference.exampleId}" could not be read (${decoded.error.message}); it opens with its own settings`,
    };
  }
  const saved = await input.store.loadWorkingDecodedBy(decode);
  if (!saved.ok) return { source: "none", problems: [], linkError, autosaveError: saved.error.message };
  if (!saved.value) return { source: "none", problems: [], linkError };
  return { source: "autosave", workspace: saved.value.workspace, problems: saved.value.problems, linkError };
}

/** Removes the share fragment once it has been opened, so a reload shows the (autosaved) edits, not the link again. */
export function clearShareFragment(): void {
  if (typeof window === "undefined" || !window.location.hash) return;
  window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
}

/** What the page does at startup, decided in one place: which workspace opens, and what it tells the person. */
export type StartupPlan =
  | { open: "link"; workspace: SharedWorkspace; problems: InputProblem[] }
  | { open: "autosave"; workspace: SharedWorkspace; linkError?: string }
  | {
      open: "example";
      exampleId: string;
      /** Why the link did not open, shown with the example. */
      linkError?: string;
      /** Why the autosaved work could not be restored (not said when the URL named the example). */
      autosaveError?: string;
      /** The autosaved work the example replaces: kept in the saved list first. */
      keepAside?: SharedWorkspace;
      /**
       * The strategy, step and settings to show: the autosave's, when it was this example unedited or with changed
       * settings only.
       */
      selection?: Omit<OpenedReference, "exampleId">;
      /**
       * The autosave was an example with changed settings, and the URL names an example: that work (the example and
       * its settings) is kept in the saved list first.
       */
      keepAsideReference?: OpenedReference & { settings: ScenarioSettings };
    };

/**
 * The startup order: a share link in the fragment → the example named by `?example=` → the autosaved work → the
 * default example. A link that fails to open falls through to the next source and says why.
 */
export function startupPlan(startup: StartupWorkspace, example: { id: string; namedInUrl: boolean }): StartupPlan {
  if ((startup.source === "link" || startup.source === "short-link") && startup.workspace)
    return { open: "link", workspace: startup.workspace, problems: startup.problems };
  const linkError = startup.linkError;
  if (startup.source === "autosave" && startup.workspace && !example.namedInUrl)
    return { open: "autosave", workspace: startup.workspace, ...(linkError ? { linkError } : {}) };
  // An unedited example was autosaved as its id: it opens again from the example, at the step it was left on. Named
  // in the URL, another example simply opens: an unedited example is no work to keep aside.
  const reference = startup.source === "autosave" && !example.namedInUrl ? startup.reference : undefined;
  if (reference) {
    const { exampleId, ...selection } = reference;
    if (EXAMPLES.some((candidate) => candidate.id === exampleId))
      return {
        open: "example",
        exampleId,
        ...(linkError ? { linkError } : startup.autosaveError ? { autosaveError: startup.autosaveError } : {}),
        selection,
      };
    return {
      open: "example",
      exampleId: example.id,
      ...(linkError
        ? { linkError }
        : { autosaveError: `the autosaved example "${exampleId}" is not one of this version's examples` }),
    };
  }
  return {
    open: "example",
    exampleId: example.id,
    ...(linkError ? { linkError } : {}),
    ...(startup.autosaveError && !example.namedInUrl && !linkError ? { autosaveError: startup.autosaveError } : {}),
    ...(startup.source === "autosave" && startup.workspace && !linkError ? { keepAside: startup.workspace } : {}),
    // Changed settings are work too: kept aside as the example with them (unedited, it is no work to keep).
    ...(startup.source === "autosave" && startup.reference?.settings && !linkError
      ? { keepAsideReference: { ...startup.reference, settings: startup.reference.settings } }
      : {}),
  };
}
