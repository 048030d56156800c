import type { ClientSide } from "./client-side";

/**
 * The client side of a strategy that adds nothing of its own: tools already callable, arguments native. A leaf
 * module, so a strategy's definition (which the page lists) does not pull in the client's runtime (Ajv, search).
 */
export const NATIVE_CLIENT_SIDE: ClientSide = { searchResult: "text", calls: "native" };
