import { headers } from "next/headers";
import { Playground } from "@/components/playground/playground";
import { EXAMPLES } from "@/lib/examples/example-list";
import { hideFirstViewScript } from "@/components/playground/first-view-script";
import { firstViewOf, type FirstViewFile } from "@/lib/workbench/opening";
import generatedFirstViews from "@/lib/workbench/generated/first-views.json";

const DEFAULT_EXAMPLE = "learning-agent";
const FIRST_VIEWS = generatedFirstViews as unknown as FirstViewFile;

/**
 * What opens: a share link in the fragment, else the example named by `/?example=<id>`, else the autosaved work,
 * else the default example. The order is decided in the browser by `startupPlan`
 * (components/share/startup-workspace.ts): the fragment never reaches the server. The small examples' first screen
 * comes with the HTML (lib/workbench/opening.ts), so its figures show before the engine worker has started.
 */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { example } = await searchParams;
  const named = typeof example === "string" && EXAMPLES.some((candidate) => candidate.id === example);
  const exampleId = named ? example : DEFAULT_EXAMPLE;
  const firstView = firstViewOf(FIRST_VIEWS, exampleId, named ? "named" : "first-visit");
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <>
      {firstView ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: hideFirstViewScript(named) }} /> : null}
      <Playground initialExampleId={exampleId} explicitExample={named} firstView={firstView} />
    </>
  );
}
