/**
 * The localStorage keys of the page's own copy of the work and the fragment keys of share links. Apart from the
 * store (./local-store.ts) and the link codec (./share-link.ts), which bring fflate and the scenario parser (Ajv),
 * so the page's first screen and its pre-paint script can name them for free.
 */
export const STORAGE_PREFIX = "tool-disclosure-playground:";
/** The autosaved working scenario; the page's pre-paint script (app/page.tsx) checks for it too. */
export const WORKING_KEY = `${STORAGE_PREFIX}working`;

/** `#s=<payload>`: a link that carries the scenario. */
export const INLINE_FRAGMENT_KEY = "s";
/** `#id=<22 characters>`: a short link, resolved by the server. */
export const SHORT_LINK_FRAGMENT_KEY = "id";

/**
 * Whether the page's startup has anything to read through the local store: a share link in `hash`, or autosaved
 * work under WORKING_KEY. When neither is there (the common first visit) the startup opens the example at once,
 * without loading the store's code (fflate, Ajv) first; the result is the same, since the store would find nothing.
 * components/playground/first-view-script.ts applies the same rule before the page paints.
 */
export function startupReadsLocalStore(hash: string, storage: Pick<Storage, "getItem"> | null | undefined): boolean {
  if (new RegExp(`^#(${INLINE_FRAGMENT_KEY}|${SHORT_LINK_FRAGMENT_KEY})=`).test(hash)) return true;
  try {
    return (storage?.getItem(WORKING_KEY) ?? null) !== null;
  } catch {
    // A storage that cannot be read holds nothing the store could open.
    return false;
  }
}
