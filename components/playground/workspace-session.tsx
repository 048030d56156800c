"use client";
/**
 * The workspace around the run: what the page opens with (a share link, the example named in the URL, the autosaved
 * work, or the default example), autosave, links pasted into an open tab, and the header's dialogs (share, import,
 * saved scenarios, export). A link that fails to open only shows why: the work on screen is never touched, and a
 * valid link that replaces unsaved work first keeps that work in the saved list.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useShallow } from "zustand/react/shallow";
import { useTranslations } from "use-intl";
import { TraceImportHost } from "@/components/trace/trace-import-host";
import { applyCatalogImport } from "@/components/import/apply-catalog-import";
import { applyScenarioImport } from "@/components/import/apply-scenario-import";
import { ProblemList } from "@/components/import/problem-list";
import { browserStorage, loadBrowserLocalStore } from "@/components/share/browser-storage";
import { browserWorkspaceEncoder, decodeOffThePage, loadExampleOffThePage } from "@/workers/share-encode-client";
import { DialogFrame } from "@/components/ui/dialog-frame";
import { startupPlan, type StartupPlan, type StartupWorkspace } from "@/components/share/startup-workspace";
import { useAutosave } from "@/components/share/use-autosave";
import { useShareLinks } from "@/components/share/use-share-links";
import { workspaceSnapshot } from "@/components/share/workspace-snapshot";
import type { InputProblem } from "@/lib/core/catalog";
import { EXAMPLES } from "@/lib/examples/example-list";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import type { SharedWorkspace } from "@/lib/share";
import { STRATEGIES, baselineStrategyId } from "@/lib/strategies/definitions";
import { afterFirstRunEnded, autosaveWaitsForFirstRun } from "@/state/after-first-run";
import { quietThenIdle } from "./below-fold";
import type { PlaygroundController } from "@/state/playground-controller";
import { useAutosaveStatusSource } from "@/components/share/autosave-status";
import { usePlayground, usePlaygroundController, usePlaygroundStore } from "@/state/playground-provider";
import { selectStepIndex, selectWorkspaceFields } from "@/state/selectors";
import { ExportPanel, ImportDialog, SavedScenarios, ShareDialog } from "./lazy-dialogs";
import { restoreCatalogDraft, useCatalogDraftKeeper } from "./catalog-draft";
import { FIRST_VIEW_ATTRIBUTE } from "./first-view-script";
import { openOnCachingAtWork, type NamedMoment } from "./opening-moment";
import { useExampleReference } from "./use-example-origin";
import { buttonClass, primaryButtonClass } from "./control-styles";
import { downloadScenario, keepWorkAsideWith, probeStorage } from "./keep-work";

export type WorkspaceSessionProps = {
  /** The example to open when there is no link and no autosaved work. */
  initialExampleId: string;
  /** True when the URL named the example (`?example=`): it wins over the autosaved work. */
  explicitExample: boolean;
  /** The strategy and request the URL names for that example (`&strategy=…&step=…`), if any. */
  moment?: NamedMoment;
};

export function WorkspaceSession(props: WorkspaceSessionProps) {
  const controller = usePlaygroundController();
  // The session starts once the engine worker exists: everything it opens goes through the controller.
  return controller ? <StartedSession {...props} controller={controller} /> : null;
}

function StartedSession({
  initialExampleId,
  explicitExample,
  moment,
  controller,
}: WorkspaceSessionProps & { controller: PlaygroundController }) {
  const store = usePlaygroundStore();
  const setNotice = usePlayground((state) => state.setWorkspaceNotice);
  const say = useSessionWords();
  const [startupDone, setStartupDone] = useState(false);
  const snapshot = useWorkspaceSnapshot();

  /** Keeps the work on screen (or the autosaved one) in the saved list before something replaces it. */
  const keepAside = useCallback(
    async (
      previous: Partial<WorkspaceState> | null,
      incoming: WorkspaceState["scenario"] | undefined,
      reason: string,
    ) =>
      // A 10,000-tool scenario is compressed (and saved ones decompressed to compare) in the share worker.
      keepWorkAsideWith(await loadBrowserLocalStore(), previous, { incoming, reason }, pageCodec),
    [],
  );

  const openLink = useCallback(
    async (
      workspace: SharedWorkspace,
      problems: InputProblem[],
      previous: Partial<WorkspaceState> | null,
    ): Promise<boolean> => {
      const kept = await keepAside(previous, workspace.scenario, "opening a link");
      if (kept.kind === "failed" && previous?.scenario) {
        // The work could not be kept: it stays on screen and the person decides (never a silent loss).
        const scenario = previous.scenario;
        setNotice({
          kind: "error",
          message: say("linkNotOpened", {
            link: workspace.scenario.title,
            current: scenario.title,
            message: kept.message,
          }),
          actions: [
            { label: say("download"), run: () => downloadScenario(scenario) },
            {
              label: say("openLinkAnyway"),
              run: () => {
                controller.openWorkspace(workspace);
                setNotice({
                  kind: "info",
                  message: say("openedLinkLost", { title: workspace.scenario.title }),
                  problems,
                });
              },
            },
            { label: say("keepMyWork"), primary: true, run: () => setNotice(null) },
          ],
        });
        return false;
      }
      const keptAs = kept.kind === "kept" ? kept.name : null;
      controller.openWorkspace(workspace);
      const parts = [say("openedLink", { title: workspace.scenario.title })];
      if (keptAs) parts.push(say("keptAs", { name: keptAs }));
      if (problems.length > 0) parts.push(say("linkProblems"));
      setNotice(keptAs || problems.length > 0 ? { kind: "info", message: parts.join(" "), problems } : null);
      return true;
    },
    [controller, keepAside, setNotice],
  );

  const onStartup = useCallback(
    async (startup: StartupWorkspace) => {
      // The order (link → ?example= → autosave → default) is decided by startupPlan, tested on its own.
      const plan = startupPlan(startup, { id: initialExampleId, namedInUrl: explicitExample });
      const linkError =
        plan.open !== "link" && plan.linkError ? sentence(say("linkError", { message: plan.linkError })) : null;
      if (plan.open === "link") {
        const saved = await (await loadBrowserLocalStore()).loadWorkingDecodedBy(decodeOffThePage);
        const previous = saved.ok && saved.value ? saved.value.workspace : null;
        // Not opened (the autosaved work could not be kept aside): that work is what the page shows meanwhile.
        if (!(await openLink(plan.workspace, plan.problems, previous)) && previous) controller.openWorkspace(previous);
      } else if (plan.open === "autosave") {
        controller.openWorkspace(plan.workspace);
        const draftRestored = restoreCatalogDraft(store);
        if (linkError) setNotice({ kind: "error", message: say("autosavedInstead", { message: linkError }) });
        else if (draftRestored) setNotice(draftRestoredNotice(say));
      } else {
        // The first screen shows caching at work (or the moment the URL names), chosen from the run as it arrives
        // (./opening-moment.ts). When the page already shows this example's build-time first screen, which was
        // chosen the same way from the same runs, the worker takes it over on that request instead.
        const prebuilt = store.getState().prebuilt;
        const named = explicitExample && (moment?.strategyId !== undefined || moment?.step !== undefined);
        const restored = plan.selection;
        if (restored) {
          // The autosave was this example unedited: it opens at the strategy and step it was left on (taking the
          // build-time screen over when that is the one it shows).
          // Saved with settings the person changed (and nothing else of the example): it opens with them, one run.
          await controller.openExample(
            plan.exampleId,
            { strategyId: restored.strategyId ?? baselineStrategyId(), stepIndex: restored.stepIndex ?? 0 },
            {
              ...(restored.settings ? { settings: restored.settings } : {}),
              ...(restored.forceProvider ? { forceProvider: true } : {}),
            },
          );
          // Unfinished catalog text is kept apart from the autosave (./catalog-draft.ts): the example's is too.
          if (!linkError && restoreCatalogDraft(store)) setNotice(draftRestoredNotice(say));
        } else {
          const takeOver = prebuilt !== null && prebuilt.exampleId === plan.exampleId && !named;
          await controller.openExample(
            plan.exampleId,
            takeOver ? { strategyId: prebuilt.strategyId, stepIndex: prebuilt.stepIndex } : undefined,
          );
          if (!takeOver) openOnCachingAtWork(store, explicitExample ? moment : {});
        }
        if (linkError)
          setNotice({
            kind: "error",
            message: restored
              ? say("autosavedInstead", { message: linkError })
              : say("exampleInstead", {
                  message: linkError,
                  title: EXAMPLES.find((example) => example.id === plan.exampleId)?.title ?? plan.exampleId,
                }),
          });
        else if (plan.autosaveError)
          setNotice({
            kind: "error",
            message: sentence(say("autosaveError", { message: plan.autosaveError })),
          });
        else if (plan.keepAside || plan.keepAsideReference) {
          // The URL named an example: open it, but the autosaved work it replaces goes to the saved list first (an
          // example saved with changed settings is that example with them, loaded off the page's thread).
          let previous: SharedWorkspace | null = plan.keepAside ?? null;
          let unreadable = "";
          if (!previous && plan.keepAsideReference)
            try {
              previous = await referenceWorkspace(plan.keepAsideReference);
            } catch (error) {
              unreadable = error instanceof Error ? error.message : String(error);
            }
          const kept = previous
            ? await keepAside(previous, snapshotOf(store.getState())?.scenario, "opening an example")
            : { kind: "failed" as const, message: sentence(unreadable) };
          if (!previous)
            setNotice({
              kind: "error",
              message: say("autosaveExampleNotKept", { message: kept.kind === "failed" ? kept.message : "" }),
            });
          else if (kept.kind === "kept") setNotice({ kind: "info", message: say("keptAs", { name: kept.name }) });
          else if (kept.kind === "failed" && previous.scenario) {
            const scenario = previous.scenario;
            setNotice({
              kind: "error",
              message: say("autosaveNotKept", { title: scenario.title, message: kept.message }),
              actions: [
                { label: say("openMyWork"), primary: true, run: () => controller.openWorkspace(previous) },
                { label: say("download"), run: () => downloadScenario(scenario) },
              ],
            });
          }
        }
      }
      // The example named in the URL was opened once; a reload must bring back the edits made since, not the example.
      // Once the first run has ended: the clean-up is a same-document navigation, after which Chromium fetches and
      // parses the favicon again, and that work landed inside a small example's run (state/after-first-run.ts).
      // Nothing is autosaved before that run's end, so a reload until then loses nothing.
      if (explicitExample) {
        const opened = window.location.pathname + window.location.search;
        afterFirstRunEnded(store, () => {
          // Not if the page moved on since (another address, or the search already dropped).
          if (window.location.pathname + window.location.search !== opened) return;
          window.history.replaceState(window.history.state, "", window.location.pathname + window.location.hash);
        });
      }
      // Once the first run has ended and the person is quiet, the engine worker may load a spare helper, so an import
      // of their own catalog finds its second thread ready (lib/workbench/import-hint.ts; the worker decides by device).
      afterFirstRunEnded(store, () => void quietThenIdle(() => controller.prepareHelper()));
      if (probeStorage(browserStorage()) === "blocked" && !store.getState().workspaceNotice)
        setNotice({ kind: "info", message: say("storageBlocked"), testId: "storage-blocked" });
      setStartupDone(true);
    },
    [controller, explicitExample, initialExampleId, moment, openLink, keepAside, setNotice, store],
  );

  useShareLinks({
    onStartup: (startup) => void onStartup(startup),
    onLinkOpened: (workspace, problems) => void openLink(workspace, problems, snapshotOf(store.getState())),
    onLinkError: (message, problems) =>
      setNotice({
        kind: "error",
        message: say("unchanged", { message: sentence(say("linkError", { message })) }),
        problems,
      }),
  });

  // The build-time first screen was hidden by the pre-paint script (./first-view-script) because something else opens: show the page
  // once the startup has taken that screen over or replaced it.
  const prebuilt = usePlayground((state) => state.prebuilt);
  useEffect(() => {
    if (prebuilt === null) document.documentElement.removeAttribute(FIRST_VIEW_ATTRIBUTE);
  }, [prebuilt]);

  // While the tour shows its own examples nothing is saved: the work from before the tour is what must survive.
  const tourWorkspace = usePlayground((state) => state.tourWorkspace);
  // An example is saved as its id (with its settings when only they changed); a changed scenario is compressed once
  // the engine's run has ended.
  const exampleReference = useExampleReference();
  const running = usePlayground((state) => state.running);
  // An unedited example's save (its id) waits for the first run's end, so its "saving…" status is not rendered and
  // painted inside a small example's run; edited work is saved as it changes.
  const firstRunEnded = usePlayground((state) => state.firstRunEnded);
  const holdForFirstRun = autosaveWaitsForFirstRun(firstRunEnded, exampleReference);
  useAutosave(startupDone && !tourWorkspace && !holdForFirstRun ? snapshot : null, {
    status: useAutosaveStatusSource(),
    exampleId: exampleReference?.exampleId ?? null,
    exampleSettingsEdited: exampleReference?.settingsEdited ?? false,
    running,
  });
  useCatalogDraftKeeper(store, startupDone);

  return (
    <>
      <WorkspaceNoticeBanner />
      <WorkspaceDialogs controller={controller} snapshot={snapshot} />
    </>
  );
}

/** The work an autosaved example reference with changed settings stands for: the example with those settings. */
async function referenceWorkspace(
  reference: NonNullable<Extract<StartupPlan, { open: "example" }>["keepAsideReference"]>,
): Promise<SharedWorkspace> {
  const { exampleId, settings, ...selection } = reference;
  const example = await loadExampleOffThePage(exampleId);
  return { ...selection, scenario: { ...example, settings } };
}

function draftRestoredNotice(say: SessionWords) {
  return { kind: "info", message: say("draftRestored"), testId: "catalog-draft-restored" } as const;
}

type SessionWords = ReturnType<typeof useTranslations<"playground.session">>;

/**
 * The session's notices in the reader's language. The startup effects run once and must not run again when the
 * language changes, so they read the current translator through a ref instead of depending on it.
 */
function useSessionWords(): SessionWords {
  const t = useTranslations("playground.session");
  const current = useRef(t);
  useEffect(() => {
    current.current = t;
  }, [t]);
  return useCallback(
    ((key: string, values?: Record<string, string>) => current.current(key as "download", values)) as SessionWords,
    [],
  );
}

/** The share worker as the local store's codec; the page's own thread where there is no worker. */
const pageCodec = {
  encode: async (state: Parameters<NonNullable<ReturnType<typeof browserWorkspaceEncoder>>["encode"]>[0]) =>
    (await browserWorkspaceEncoder()?.encode(state)) ?? null,
  decode: (payload: string) => decodeOffThePage(payload),
};

/** Messages from lib/ are clauses; the banner joins several, so each must end as a sentence. */
function sentence(text: string): string {
  return /[.!?。！？]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/** The shareable workspace on screen; a new object only when one of its parts changed (autosave saves once per change). */
function useWorkspaceSnapshot(): Partial<WorkspaceState> | null {
  const fields = usePlayground(useShallow(selectWorkspaceFields));
  return useMemo(() => (fields.catalogVersion === 0 ? null : workspaceSnapshot(fields)), [fields]);
}

function snapshotOf(
  state: Parameters<typeof workspaceSnapshot>[0] & { catalogVersion: number },
): Partial<WorkspaceState> | null {
  return state.catalogVersion === 0 ? null : workspaceSnapshot(state);
}

function WorkspaceNoticeBanner() {
  const t = useTranslations("playground.session");
  const notice = usePlayground((state) => state.workspaceNotice);
  const setNotice = usePlayground((state) => state.setWorkspaceNotice);
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice?.kind === "error") bannerRef.current?.focus();
  }, [notice]);
  if (!notice) return null;
  const error = notice.kind === "error";
  return (
    <div
      ref={bannerRef}
      tabIndex={-1}
      role={error ? "alert" : "status"}
      className={`mx-5 mt-4 flex items-start gap-3 rounded-xl border px-4 py-3 text-sm text-ink ${error ? "border-danger/40 bg-danger-soft" : "border-accent/30 bg-accent-soft"}`}
      data-testid={notice.testId ?? (error ? "share-link-error" : "workspace-notice")}
    >
      <div className="min-w-0 flex-1 space-y-2">
        {/* Plain text: the message may quote a stranger's link. */}
        <p className="break-words">{notice.message}</p>
        {notice.problems && notice.problems.length > 0 ? (
          <ProblemList problems={notice.problems} testId="workspace-notice-problems" />
        ) : null}
        {notice.actions && notice.actions.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            {notice.actions.map((action) => (
              <button
                key={action.label}
                type="button"
                className={action.primary ? primaryButtonClass : buttonClass}
                onClick={() => action.run()}
              >
                {action.label}
              </button>
            ))}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className="rounded-md px-2 py-0.5 text-muted hover:bg-panel hover:text-ink"
        aria-label={t("dismiss")}
        data-testid="workspace-notice-dismiss"
        onClick={() => setNotice(null)}
      >
        ✕
      </button>
    </div>
  );
}

function WorkspaceDialogs({
  controller,
  snapshot,
}: {
  controller: PlaygroundController;
  snapshot: Partial<WorkspaceState> | null;
}) {
  const t = useTranslations("playground.session");
  const openDialog = usePlayground((state) => state.openDialog);
  const setOpenDialog = usePlayground((state) => state.setOpenDialog);
  const store = usePlaygroundStore();
  const setNotice = usePlayground((state) => state.setWorkspaceNotice);
  const turns = usePlayground((state) => state.turns);
  const runs = usePlayground((state) => state.runs);
  const close = useCallback(() => setOpenDialog(null), [setOpenDialog]);
  const exportStrategies = useMemo(
    () => runs.filter((run) => !run.refused).map((run) => ({ id: run.id, label: STRATEGIES[run.id].title })),
    [runs],
  );
  const warn = (message: string, problems: InputProblem[]) =>
    setNotice(problems.length > 0 ? { kind: "info", message, problems } : null);

  return (
    <>
      {/* Mounted only while open: their code loads on first use (lazy-dialogs). */}
      {openDialog === "share" ? <ShareDialog open onClose={close} workspace={snapshot} /> : null}
      {openDialog === "import" ? (
        <ImportDialog
          open
          onClose={close}
          onImportCatalog={(catalog, { mode, sourceName, problems }) =>
            applyCatalogImport(
              { catalog, mode, sourceName, problems },
              {
                controller,
                previous: store.getState().lastValidCatalog,
                turns,
                setTurns: (generated) => store.setState({ turns: generated }),
                setNotice,
              },
            )
          }
          onImportScenario={(scenario, problems) =>
            applyScenarioImport(scenario, problems, {
              controller,
              previous: snapshotOf(store.getState()),
              keepAside: async (previous, incoming, reason) =>
                keepWorkAsideWith(await loadBrowserLocalStore(), previous, { incoming, reason }, pageCodec),
              download: downloadScenario,
              setNotice,
            })
          }
        />
      ) : null}
      <TraceImportHost controller={controller} />
      <DialogFrame open={openDialog === "saved"} onClose={close} title={t("saved")} testId="saved-dialog">
        {openDialog === "saved" ? (
          <SavedScenarios
            current={snapshot}
            onOpen={(workspace, problems) => {
              controller.openWorkspace(workspace);
              warn(t("savedWithWarnings", { title: workspace.scenario.title }), problems);
            }}
          />
        ) : null}
      </DialogFrame>
      <DialogFrame
        open={openDialog === "export"}
        onClose={close}
        title={t("export")}
        testId="export-dialog"
        width="max-w-4xl"
      >
        {openDialog === "export" ? (
          <ExportPanel
            scenario={snapshot?.scenario ?? null}
            strategies={exportStrategies}
            runs={runs}
            loadRequest={(strategyId) => controller.requestOf(strategyId as (typeof runs)[number]["id"])}
            loadResultsJson={() => controller.resultsJson()}
            initialStrategyId={store.getState().strategyId}
            stepIndex={selectStepIndex(store.getState())}
          />
        ) : null}
      </DialogFrame>
    </>
  );
}
