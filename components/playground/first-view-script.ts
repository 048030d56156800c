/**
 * The script app/page.tsx runs before the build-time first screen is parsed. When the page will open something
 * other than that example (a share link in the fragment, or, unless the URL names the example, the autosaved
 * work), it marks the document so the first screen stays hidden (app/globals.css, `data-first-view`) until the
 * startup has put the right scenario on screen (components/playground/workspace-session.tsx lifts the mark). It
 * mirrors startupPlan's order (components/share/startup-workspace.ts) and reads only the fragment and one key.
 */
import { INLINE_FRAGMENT_KEY, SHORT_LINK_FRAGMENT_KEY, WORKING_KEY } from "@/lib/share/storage-keys";

export const FIRST_VIEW_ATTRIBUTE = "data-first-view";

export function hideFirstViewScript(namedInUrl: boolean): string {
  const link = `^#(${INLINE_FRAGMENT_KEY}|${SHORT_LINK_FRAGMENT_KEY})=`;
  return (
    `try{var h=new RegExp(${JSON.stringify(link)}).test(location.hash);` +
    (namedInUrl ? "" : `if(!h)try{h=localStorage.getItem(${JSON.stringify(WORKING_KEY)})!==null}catch(e){}`) +
    `if(h)document.documentElement.setAttribute(${JSON.stringify(FIRST_VIEW_ATTRIBUTE)},"hidden")}catch(e){}`
  );
}
