import { Playground } from "@/components/playground/playground";
import { namedMoment } from "@/components/playground/opening-moment";
import { EXAMPLES } from "@/lib/examples";

const DEFAULT_EXAMPLE = "learning-agent";

/**
 * What opens: a share link in the fragment, else the example named by `/?example=<id>`, else the autosaved work,
 * else the default example. An example opens on a request that shows caching at work, or on the one the URL names
 * (`&strategy=<id>&step=<n>`). The order is decided in the browser by `startupPlan`
 * (components/share/startup-workspace.ts): the fragment never reaches the server.
 */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const { example } = query;
  const named = typeof example === "string" && EXAMPLES.some((candidate) => candidate.id === example);
  return (
    <Playground
      initialExampleId={named ? example : DEFAULT_EXAMPLE}
      explicitExample={named}
      {...(named ? { moment: namedMoment(query) } : {})}
    />
  );
}
