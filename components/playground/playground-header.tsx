"use client";
import { useEffect, useRef } from "react";
import { useLocale, useTranslations } from "use-intl";
import { EXAMPLES } from "@/lib/examples/example-list";
import { localizedExample } from "@/lib/examples/example-text";
import { LocaleSwitch } from "@/components/i18n/locale-switch";
import { usePlayground } from "@/state/playground-provider";
import { selectToolCount } from "@/state/selectors";
import { ExamplePicker } from "./example-picker";
import { HelpButton } from "./help-dialog";
import { ModelPicker } from "./model-picker";
import { StrategyPicker } from "./strategy-picker";
import { ThemeToggle } from "./theme-toggle";
import { AutosaveState, WorkspaceButtons } from "./workspace-buttons";

/** The elements that read `--header-height` (app/globals.css), each given the header's height by one rule. */
const BELOW_HEADER = ".scroll-below-bars, .sticky-below-header, .inputs-below-header";

/**
 * Writes a measured height into the rule only when it is new: the header's observer also fires when only its width
 * or content changed (a catalog opened renames the scenario in it).
 */
export function headerHeightKeeper(sheet: Pick<CSSStyleSheet, "replaceSync">, measure: () => number) {
  let kept = "";
  return () => {
    const height = `${measure()}px`;
    if (height === kept) return;
    kept = height;
    sheet.replaceSync(`${BELOW_HEADER} { --header-height: ${height}; }`);
  };
}

/**
 * Keeps the header's height in `--header-height`: from 1280 px the header sticks to the top and the section
 * navigation, the sections' scroll margin and the inputs column sit under it (app/globals.css). Its height follows its
 * content (the pickers wrap to a second row at 1440 px, a third at 1280 px), so a fixed offset would leave the
 * navigation under the header, where a click lands on a picker. The rule is in a sheet of its own, so a new height
 * restyles the elements that read it, not the page.
 */
function useHeaderHeight() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === "undefined" || !("adoptedStyleSheets" in document)) return;
    const sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const keep = headerHeightKeeper(sheet, () => element.getBoundingClientRect().height);
    keep();
    const observer = new ResizeObserver(keep);
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    };
  }, []);
  return header;
}

export function PlaygroundHeader() {
  const header = useHeaderHeight();
  const meta = usePlayground((state) => state.scenarioMeta);
  const locale = useLocale();
  // A built-in example is named in the reader's language (in English, by its scenario's own title); a person's own
  // scenario keeps its own title.
  const example = locale === "en" ? undefined : EXAMPLES.find((candidate) => candidate.id === meta.id);
  const title = example ? localizedExample(example, locale).title : meta.title;
  const toolCount = usePlayground(selectToolCount);
  const turnCount = usePlayground((state) => state.turns.length);
  const t = useTranslations("common");
  const experimentText = useTranslations("experiment");
  return (
    // Positioned at every width, so its z-index holds on a phone too: the Scenario menu opens over the sticky
    // section navigation below it instead of under it.
    <header ref={header} className="relative z-40 border-b border-line bg-panel/95 backdrop-blur xl:sticky xl:top-0">
      <div className="flex min-h-16 flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2 sm:px-5">
        {/* As wide as the subtitle needs (title, tools, turns, autosave), from 15 rem: a fixed width cut it at 1440 px;
            when the pickers need the room they move to the next row instead. */}
        <div className="min-w-0 max-w-full shrink-0 sm:min-w-60" data-testid="header-title">
          <h1 className="truncate text-[15px] font-bold tracking-tight text-ink">{t("appTitle")}</h1>
          <p className="text-xs text-muted" data-testid="header-subtitle">
            <span data-testid="scenario-title" data-first-view>
              {title} · <span className="tabular">{t("header.tools", { count: toolCount })}</span> ·{" "}
              <span className="tabular">{t("header.turns", { count: turnCount })}</span>
            </span>
            <AutosaveState />
          </p>
        </div>
        {/* The pickers are as wide as their choice from 640 px (headerSelectSizing), so a laptop reads "Edit tools as
            needed (anti-pattern)" and "Claude Opus 4.8 · Messages" whole; on a phone each takes a row. */}
        <nav
          aria-label={t("nav.scenarioAndStrategy")}
          data-first-view
          className="flex w-full min-w-0 flex-wrap items-center gap-2 sm:w-auto lg:ml-auto"
        >
          <ExamplePicker />
          <StrategyPicker />
          <ModelPicker />
          <WorkspaceButtons />
          <a
            href="/lab"
            className="rounded-md border border-line px-3 py-2 text-sm font-medium text-ink hover:bg-accent-soft focus-visible:outline-2"
            data-testid="lab-link"
          >
            {t("nav.lab")}
          </a>
          <a
            href="/tap"
            className="rounded-md border border-line px-3 py-2 text-sm font-medium text-ink hover:bg-accent-soft focus-visible:outline-2"
            data-testid="tap-link"
          >
            {t("nav.tap")}
          </a>
          <a
            href="/experiment"
            className="rounded-md border border-line px-3 py-2 text-sm font-medium text-ink hover:bg-accent-soft focus-visible:outline-2"
            data-testid="experiment-link"
          >
            {experimentText("nav")}
          </a>
          <LocaleSwitch />
          <ThemeToggle />
          <HelpButton />
        </nav>
      </div>
    </header>
  );
}
