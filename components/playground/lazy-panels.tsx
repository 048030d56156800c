"use client";
/**
 * Heavy panels, loaded when the page first draws them rather than with the page: Recharts and its d3 helpers
 * (~100 kB gzip), the decide views (break-even engine sessions, report export) and the conversation editor (which
 * validates arguments with Ajv; it mounts when its tab is first opened). Each one sits in a frame of fixed height
 * (PanelFrame, the side panel) or below the fold, so arriving late moves nothing.
 */
import dynamic from "next/dynamic";
import { useTranslations } from "use-intl";

export function ChartLoading() {
  return (
    <div className="flex h-full items-center justify-center text-sm text-muted" data-testid="chart-loading">
      {useTranslations("playground.loading")("chart")}
    </div>
  );
}

// Each panel's import is also exported alone: the run area loads (and evaluates) a panel's code in a task of its own
// before it mounts the panel (./below-fold.ts). The import is the same, so the module is loaded once.
export const loadTokensPerStepChart = () => import("@/components/run/tokens-per-step-chart");
export const loadCumulativeCostChart = () => import("@/components/run/cumulative-cost-chart");
export const loadToolShareChart = () => import("@/components/run/tool-share-chart");
export const loadDecidePanel = () => import("@/components/decide/decide-panel");

export const TokensPerStepChart = dynamic(
  () => import("@/components/run/tokens-per-step-chart").then((module) => module.TokensPerStepChart),
  { ssr: false, loading: ChartLoading },
);

export const CumulativeCostChart = dynamic(
  () => import("@/components/run/cumulative-cost-chart").then((module) => module.CumulativeCostChart),
  { ssr: false, loading: ChartLoading },
);

export const ToolShareChart = dynamic(
  () => import("@/components/run/tool-share-chart").then((module) => module.ToolShareChart),
  { ssr: false, loading: ChartLoading },
);

export function DecideLoading() {
  return (
    <section
      className="flex min-h-[480px] items-center justify-center rounded-2xl border border-line bg-panel text-sm text-muted shadow-sm"
      data-testid="decide-loading"
    >
      {useTranslations("playground.loading")("decide")}
    </section>
  );
}

export const DecidePanel = dynamic(
  () => import("@/components/decide/decide-panel").then((module) => module.DecidePanel),
  { ssr: false, loading: DecideLoading },
);

function ConversationLoading() {
  const t = useTranslations("playground.loading");
  return (
    <p className="p-4 text-sm text-muted" data-testid="conversation-loading">
      {t("conversation")}
    </p>
  );
}

export const ConversationPanel = dynamic(
  () => import("@/components/conversation/conversation-panel").then((module) => module.ConversationPanel),
  {
    ssr: false,
    loading: ConversationLoading,
  },
);
