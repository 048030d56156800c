import { describe, expect, it } from "vitest";
import { stepHeading } from "./step-kind";

describe("stepHeading", () => {
  it("drops the kind's word when the title repeats the badge", () => {
    expect(stepHeading({ kind: "call", title: "call get_weather" })).toBe("get_weather");
    expect(stepHeading({ kind: "load", title: "load github_create_issue" })).toBe("github_create_issue");
    expect(stepHeading({ kind: "search", title: 'search "weather in Paris"' })).toBe('"weather in Paris"');
    expect(stepHeading({ kind: "retry", title: "retry get_weather" })).toBe("get_weather");
  });

  it("says what an answer is instead of repeating 'answer'", () => {
    expect(stepHeading({ kind: "answer", title: "answer" })).toBe("The model answers the user");
  });

  it("keeps a title that says more than its badge", () => {
    expect(stepHeading({ kind: "answer", title: "give up" })).toBe("give up");
    expect(stepHeading({ kind: "search", title: "call get_weather" })).toBe("call get_weather");
    expect(stepHeading({ kind: "call", title: "caller_lookup" })).toBe("caller_lookup");
  });
});
