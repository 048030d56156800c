"use client";
/**
 * The example picker. It says when the work on screen differs from the example it came from ("edited"), and
 * switching examples never discards that work: it is kept in Saved scenarios first, and when the browser cannot
 * keep it (storage full or blocked) the page asks before replacing it.
 */
import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import type { Locale } from "@/lib/i18n/locales";
import { loadBrowserLocalStore } from "@/components/share/browser-storage";
import { workspaceSnapshot } from "@/components/share/workspace-snapshot";
import { localizedExamples } from "@/lib/examples/example-text";
import { usePlayground, usePlaygroundController, usePlaygroundStore } from "@/state/playground-provider";
import { headerSelectSizing, selectClass } from "./control-styles";
import { downloadScenario, keepWorkAside } from "./keep-work";
import { useExampleOriginTracker, useWorkOrigin } from "./use-example-origin";

export function ExamplePicker() {
  useExampleOriginTracker();
  const scenarioId = usePlayground((state) => state.scenarioMeta.id);
  const scenarioTitle = usePlayground((state) => state.scenarioMeta.title);
  const setNotice = usePlayground((state) => state.setWorkspaceNotice);
  const store = usePlaygroundStore();
  const controller = usePlaygroundController();
  const origin = useWorkOrigin();
  // The examples as the reader's language names them (the header's title says the same).
  const locale = useLocale() as Locale;
  const examples = useMemo(() => localizedExamples(locale), [locale]);
  const known = examples.some((example) => example.id === scenarioId);
  const edited = origin === "edited";
  const t = useTranslations("playground.example");
  const exampleTitle = examples.find((example) => example.id === scenarioId)?.title ?? scenarioTitle;

  async function open(exampleId: string) {
    if (!controller || exampleId === "") return;
    const title = examples.find((example) => example.id === exampleId)?.title ?? exampleId;
    const localStore = await loadBrowserLocalStore();
    const state = store.getState();
    const previous = state.catalogVersion === 0 ? null : workspaceSnapshot(state);
    const outcome = keepWorkAside(localStore, previous, {
      reason: t("reason", { title }),
      unchanged: origin === "example" || (exampleId === scenarioId && !edited),
    });
    if (outcome.kind === "failed" && previous) {
      const scenario = previous.scenario;
      setNotice({
        kind: "error",
        message: t("failed", { current: scenario.title, title, message: outcome.message }),
        actions: [
          { label: t("download"), run: () => downloadScenario(scenario) },
          {
            label: t("openAnyway", { title }),
            run: () => {
              setNotice(null);
              void controller.openExample(exampleId);
            },
          },
          { label: t("keep"), primary: true, run: () => setNotice(null) },
        ],
      });
      return;
    }
    void controller.openExample(exampleId);
    setNotice(
      outcome.kind === "kept"
        ? {
            kind: "info",
            message: t("opened", { title, name: outcome.name }),
          }
        : null,
    );
  }

  return (
    <label className="flex w-full min-w-0 items-center gap-2 text-sm sm:w-auto">
      <span className="sr-only">{t("label")}</span>
      <select
        className={`${selectClass} ${headerSelectSizing} sm:min-w-44 sm:max-w-64`}
        data-testid="example-picker"
        data-origin={origin}
        value={known && !edited ? scenarioId : ""}
        disabled={!controller}
        onChange={(event) => void open(event.target.value)}
      >
        {known && !edited ? null : (
          <option value="">{edited ? t("edited", { title: exampleTitle }) : t("custom")}</option>
        )}
        {examples.map((example) => (
          <option key={example.id} value={example.id}>
            {example.title}
          </option>
        ))}
      </select>
      {edited ? (
        <span
          className="shrink-0 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning"
          data-testid="edited-marker"
          title={t("editedTitle", { title: exampleTitle })}
        >
          {t("editedMarker")}
        </span>
      ) : null}
    </label>
  );
}
