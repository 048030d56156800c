/**
 * The localStorage keys of the page's own copy of the work. Apart from the store (./local-store.ts), which brings
 * the codec and the scenario parser, so the page's first screen and its pre-paint script can name them for free.
 */
export const STORAGE_PREFIX = "tool-disclosure-playground:";
/** The autosaved working scenario; the page's pre-paint script (app/page.tsx) checks for it too. */
export const WORKING_KEY = `${STORAGE_PREFIX}working`;
