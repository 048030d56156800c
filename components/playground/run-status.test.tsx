/** The run status carries the count of ended runs, for whoever waits for "the run after this change". */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PlaygroundProvider } from "@/state/playground-provider";
import { RunStatus } from "./run-status";

describe("RunStatus", () => {
  it("is on the run status as data-runs-ended", () => {
    const html = renderToStaticMarkup(
      <PlaygroundProvider>
        <RunStatus />
      </PlaygroundProvider>,
    );
    expect(html).toContain('data-runs-ended="0"');
  });
});
