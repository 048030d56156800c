import { describe, expect, it } from "vitest";
import { parseTaskSet } from "./tasks";
import { FAULT_CATALOG } from "./test-support/known-faults";

describe("experiment task sets (JSON Lines)", () => {
  it("reads a task per line, blank lines skipped", () => {
    const text = [
      '{"id":"a","prompt":"Weather in Oslo?","expect":{"tools":["get_weather"],"arguments":{"get_weather":{"properties":{"city":{"const":"Oslo"}}}}},"maxTurns":3}',
      "",
      '{"id":"b","prompt":"Mail Bo","expect":{"tools":["send_email"]},"stubs":{"send_email":{"sent":true}}}',
    ].join("\n");
    const parsed = parseTaskSet(text, FAULT_CATALOG);
    expect(parsed.problems).toEqual([]);
    expect(parsed.value?.map((task) => task.id)).toEqual(["a", "b"]);
    expect(parsed.value?.[0].maxTurns).toBe(3);
    expect(parsed.value?.[1].stubs).toEqual({ send_email: { sent: true } });
  });

  it("names the line of each problem", () => {
    const text = [
      '{"id":"a","prompt":"x","expect":{"tools":["get_weather"]}}',
      "{not json",
      '{"id":"a","prompt":"again","expect":{"tools":["get_weather"]}}',
      '{"id":"c","prompt":"x","expect":{"tools":["no_such_tool"]}}',
      '{"id":"d","prompt":"x","expect":{"tools":["get_weather"]},"maxTurns":0}',
      '{"id":"e","prompt":"x","expect":{"tools":["get_weather"],"arguments":{"get_weather":{"type":"nonsense"}}}}',
    ].join("\n");
    const parsed = parseTaskSet(text, FAULT_CATALOG, "tasks.jsonl");
    expect(parsed.value).toBeUndefined();
    const lines = parsed.problems.map((problem) => [problem.line, problem.message]);
    expect(lines).toEqual([
      [2, expect.stringMatching(/^tasks\.jsonl: line 2: invalid JSON/)],
      [3, 'tasks.jsonl: line 3: the id "a" is already used on line 1'],
      [4, 'tasks.jsonl: line 4: no tool "no_such_tool" in the catalog'],
      [5, 'tasks.jsonl: line 5: "maxTurns" must be a whole number from 1 to 50'],
      [6, expect.stringMatching(/^tasks\.jsonl: line 6: the schema does not compile/)],
    ]);
  });

  it("refuses an empty set", () => {
    expect(parseTaskSet("\n\n").problems[0].message).toBe(
      "tasks: no tasks (one JSON object a line, or a JSON array of them)",
    );
    expect(parseTaskSet("[]").problems.map((problem) => problem.code)).toEqual(["taskNone"]);
  });

  it('reads the same tasks as a JSON array, or under "tasks", each problem on the line its task starts on', () => {
    const tasks = [
      { id: "a", prompt: "Weather in Oslo?", expect: { tools: ["get_weather"] } },
      { id: "b", prompt: 'Mail Bo, "twice" [urgent]', expect: { tools: ["no_such_tool"] } },
      { id: "c", prompt: "x", expect: { tools: ["send_email"] }, maxTurns: 0 },
    ];
    const pretty = JSON.stringify(tasks, null, 2);
    const parsed = parseTaskSet(pretty, FAULT_CATALOG, "tasks.json");
    const lineOf = (id: string) => pretty.split("\n").findIndex((line) => line.includes(`"id": "${id}"`));
    // Each task's `{` is the line above its id.
    expect(parsed.problems.map((problem) => [problem.line, problem.code])).toEqual([
      [lineOf("b"), "taskNoTool"],
      [lineOf("c"), "taskMaxTurns"],
    ]);
    const good = tasks.slice(0, 1);
    expect(parseTaskSet(JSON.stringify({ tasks: good }), FAULT_CATALOG).value?.map((task) => task.id)).toEqual(["a"]);
    expect(parseTaskSet(JSON.stringify(good), FAULT_CATALOG).value?.map((task) => task.id)).toEqual(["a"]);
    // One task written over several lines is one task.
    expect(parseTaskSet(JSON.stringify(good[0], null, 2), FAULT_CATALOG).value?.map((task) => task.id)).toEqual(["a"]);
    // An element that is no object is named.
    expect(parseTaskSet('[1, {"id":"a","prompt":"x","expect":{"tools":["get_weather"]}}]').problems[0].code).toBe(
      "taskNotObject",
    );
  });
});
