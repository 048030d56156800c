import { headers } from "next/headers";
import { Playground } from "@/components/playground/playground";
import { EXAMPLES } from "@/lib/examples/example-list";
import { hideFirstViewScript } from "@/components/playground/first-view-script";
import { namedMoment } from "@/components/playground/opening-moment";
import { firstViewOf, type FirstViewFile } from "@/lib/workbench/opening";
import generatedFirstViews from "@/lib/workbench/generated/first-views.json";

const DEFAULT_EXAMPLE = "learning-agent";
const FIRST_VIEWS = generatedFirstViews as unknown as FirstViewFile;

/**
 * What opens: a share link in the fragment, else the example named by `/?example=<id>`, else the autosaved work,
 * else the default example. An example opens on a request that shows caching at work, or on the one the URL names
 * (`&strategy=<id>&step=<n>`). The order is decided in the browser by `startupPlan`
 * (components/share/startup-workspace.ts): the fragment never reaches the server. The small examples' first screen
 * comes with the HTML (lib/workbench/opening.ts), so its figures show before the engine worker has started.
 */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const query = await searchParams;
  const { example } = query;
  const named = typeof example === "string" && EXAMPLES.some((candidate) => candidate.id === example);
  const exampleId = named ? example : DEFAULT_EXAMPLE;
  const moment = named ? namedMoment(query) : {};
  // A moment named in the URL is another request than the build-time one: the worker's run shows it.
  const firstView =
    moment.strategyId || moment.step ? null : firstViewOf(FIRST_VIEWS, exampleId, named ? "named" : "first-visit");
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      {firstView ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideFirstViewScript(named) }} /> : null}
      <Playground
        initialExampleId={exampleId}
        explicitExample={named}
        firstView={firstView}
        {...(named ? { moment } : {})}
      />
    </>
  );
}
