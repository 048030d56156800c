import { describe, expect, it } from "vitest";
import { originAction } from "./use-example-origin";

describe("the edited marker's example origin", () => {
  it("is not loaded on the page before the startup has opened anything (the build-time first screen)", () => {
    // The worker's load-example records the origin; loading it here generated 10,000 tools on the page's thread.
    expect(originAction("synthetic-10000", null, false)).toBe("keep");
    expect(originAction("learning-agent", null, false)).toBe("keep");
  });

  it("is loaded for work restored from the autosave or a link that names an example", () => {
    expect(originAction("learning-agent", null, true)).toBe("load");
    expect(originAction("learning-agent", { exampleId: "weather" }, true)).toBe("load");
  });

  it("is kept when it is this example's, and forgotten for work that is no example", () => {
    expect(originAction("learning-agent", { exampleId: "learning-agent" }, true)).toBe("keep");
    expect(originAction("my-own-work", { exampleId: "weather" }, true)).toBe("clear");
    expect(originAction("my-own-work", null, true)).toBe("keep");
  });
});
