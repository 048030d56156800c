import type { Page } from "@playwright/test";

/**
 * What every page object records while a test runs: requests that left localhost (the app must work offline)
 * and console errors or uncaught exceptions.
 */
export function watchPage(page: Page): { externalRequests: string[]; consoleErrors: string[] } {
  const externalRequests: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return;
    if (url.hostname !== "localhost") externalRequests.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  return { externalRequests, consoleErrors };
}
