import { headers } from "next/headers";
import { Playground } from "@/components/playground/playground";
import { EXAMPLES } from "@/lib/examples/example-list";
import { WORKING_KEY } from "@/lib/share/storage-keys";
import { INLINE_FRAGMENT_KEY, SHORT_LINK_FRAGMENT_KEY } from "@/lib/share/share-link";
import { firstViewOf, type FirstViewFile } from "@/lib/workbench/opening";
import generatedFirstViews from "@/lib/workbench/generated/first-views.json";

const DEFAULT_EXAMPLE = "learning-agent";
const FIRST_VIEWS = generatedFirstViews as unknown as FirstViewFile;

/**
 * Runs before the build-time figures are parsed: when the page will open something else (a share link in the
 * fragment, or, unless the URL names the example, the autosaved work), it hides them until the startup has put the
 * right scenario on screen (components/playground/workspace-session.tsx reveals them), so nobody sees the figures of
 * a scenario they are not looking at. It mirrors startupPlan's order and reads only the fragment and one key.
 */
function hideFirstViewScript(namedInUrl: boolean): string {
  const link = `^#(${INLINE_FRAGMENT_KEY}|${SHORT_LINK_FRAGMENT_KEY})=`;
  return (
    `try{var h=new RegExp(${JSON.stringify(link)}).test(location.hash);` +
    (namedInUrl ? "" : `if(!h)try{h=localStorage.getItem(${JSON.stringify(WORKING_KEY)})!==null}catch(e){}`) +
    `if(h)document.documentElement.setAttribute("data-first-view","hidden")}catch(e){}`
  );
}

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
