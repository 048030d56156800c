import { SearchLab } from "@/components/lab/search-lab";
import { EXAMPLES } from "@/lib/examples";
import { translatorFor } from "@/lib/i18n/translator";
import { labTabOf } from "@/lib/lab/search-labels";
import { requestLocale } from "../request-locale";

export async function generateMetadata() {
  const locale = await requestLocale();
  const t = translatorFor(locale, "lab");
  return {
    title: `${t("header.title")} · ${translatorFor(locale, "common")("appTitle")}`,
    description: t("description"),
  };
}

const DEFAULT_EXAMPLE = "mixed-mcp";

/**
 * `/lab?example=<id>` opens an example catalog with its query set; anything else opens the 24 MCP servers.
 * `&tab=tools` (or `linter`, `confusable`, `compression`) opens that view first.
 */
export default async function LabPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { example, tab } = await searchParams;
  const initialExampleId =
    typeof example === "string" &&
    EXAMPLES.some((candidate) => candidate.id === example) &&
    example !== "synthetic-10000"
      ? example
      : DEFAULT_EXAMPLE;
  return <SearchLab initialExampleId={initialExampleId} initialTab={labTabOf(tab)} />;
}
