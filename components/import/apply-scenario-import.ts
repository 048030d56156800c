/**
 * Opens an imported scenario file in place of the work on screen, after keeping that work in Saved scenarios (the
 * page's rule: nothing replaces work without keeping it or asking). When it cannot be kept, nothing is replaced and
 * the person chooses, as with a shared link.
 */
import type { InputProblem } from "@/lib/core/catalog";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/translator";
import type { WorkspaceState } from "@/lib/persistence/state-keys";
import type { Scenario } from "@/lib/scenario/types";
import type { PlaygroundController } from "@/state/playground-controller";
import type { WorkspaceNotice } from "@/state/ui-slice";
import type { KeepOutcome } from "@/components/playground/keep-work";

export type ScenarioImportContext = {
  controller: Pick<PlaygroundController, "openWorkspace">;
  previous: Partial<WorkspaceState> | null;
  /** Keeps `previous` in Saved scenarios (keepWorkAsideWith with the page's store and codec). */
  keepAside(previous: Partial<WorkspaceState> | null, incoming: Scenario, reason: string): Promise<KeepOutcome>;
  download(scenario: Scenario): void;
  setNotice(notice: WorkspaceNotice | null): void;
  /** The reader's language for the notices (English when a caller does not say). */
  locale?: Locale;
};

export async function applyScenarioImport(
  scenario: Scenario,
  problems: InputProblem[],
  context: ScenarioImportContext,
): Promise<void> {
  const { controller, previous, setNotice } = context;
  const t = translatorFor(context.locale ?? DEFAULT_LOCALE, "import");
  const kept = await context.keepAside(previous, scenario, "importing a scenario");
  const open = (keptAs: string | null) => {
    controller.openWorkspace({ scenario });
    const parts = [t("scenario.opened", { title: scenario.title })];
    if (keptAs) parts.push(t("scenario.kept", { name: keptAs }));
    if (problems.length > 0) parts.push(t("notice.problemsFound"));
    setNotice(parts.length > 1 ? { kind: "info", message: parts.join(""), problems, testId: "import-done" } : null);
  };
  if (kept.kind === "failed" && previous?.scenario) {
    const current = previous.scenario;
    setNotice({
      kind: "error",
      message: t("scenario.notOpened", { title: scenario.title, current: current.title, reason: kept.message }),
      actions: [
        { label: t("scenario.download"), run: () => context.download(current) },
        { label: t("scenario.openAnyway"), run: () => open(null) },
        { label: t("scenario.keepWork"), primary: true, run: () => setNotice(null) },
      ],
    });
    return;
  }
  open(kept.kind === "kept" ? kept.name : null);
}
