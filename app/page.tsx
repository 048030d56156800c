import { Playground } from "@/components/playground/playground";
import { EXAMPLES } from "@/lib/examples";

const DEFAULT_EXAMPLE = "learning-agent";

/**
 * `/?example=<id>` opens that example; otherwise a share link in the fragment, then the autosaved work, then the
 * default example (the order is decided in the browser: the fragment never reaches the server).
 */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { example } = await searchParams;
  const named = typeof example === "string" && EXAMPLES.some((candidate) => candidate.id === example);
  return <Playground initialExampleId={named ? example : DEFAULT_EXAMPLE} explicitExample={named} />;
}
