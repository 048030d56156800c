import { SearchLab } from "@/components/lab/search-lab";
import { EXAMPLES } from "@/lib/examples";
import { labTabOf } from "@/lib/lab/search-labels";

export const metadata = {
  title: "Search lab · Tool Disclosure Playground",
  description:
    "Design tool names and descriptions that tool search can find, and measure it: recall, MRR, token cost, before and after every edit.",
};

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
