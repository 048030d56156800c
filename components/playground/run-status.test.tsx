/** The run status carries the count of ended runs, for whoever waits for "the run after this change". */
import { renderInLocale } from "@/components/i18n/render-in-locale";
import { describe, expect, it } from "vitest";
import { PlaygroundProvider, type PlaygroundServices } from "@/state/playground-provider";
import { RunStatus } from "./run-status";

// A static render runs no effects, so nothing starts a worker or reads storage.
const services: PlaygroundServices = {
  engineClient: () => {
    throw new Error("a static render starts no engine");
  },
  storage: () => undefined,
  firstRunEnded: () => {},
};

describe("RunStatus", () => {
  it("is on the run status as data-runs-ended", () => {
    const html = renderInLocale(
      <PlaygroundProvider services={services}>
        <RunStatus />
      </PlaygroundProvider>,
    );
    expect(html).toContain('data-runs-ended="0"');
  });
});
