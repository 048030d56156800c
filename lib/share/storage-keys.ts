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
