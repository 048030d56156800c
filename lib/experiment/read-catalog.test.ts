import { describe, expect, it } from "vitest";
import { readExperimentCatalog } from "./read-catalog";

const tool = {
  name: "get_weather",
  description: "Weather for a place",
  inputSchema: { type: "object", properties: { location: { type: "string" } } },
};

describe("readExperimentCatalog", () => {
  it("takes a scenario file's catalog as the scenario's, with no note that the rest was not read", () => {
    const text = JSON.stringify({ formatVersion: 1, title: "Mine", catalog: { tools: [tool] }, turns: [] });
    const read = readExperimentCatalog(text, "mine.json");
    expect(read.value?.tools.map((each) => each.name)).toEqual(["get_weather"]);
    expect(read.problems).toEqual([]);
  });

  it("reads any tool list the importer reads, and says what is wrong with one it cannot", () => {
    expect(readExperimentCatalog(JSON.stringify({ tools: [tool] })).value?.tools).toHaveLength(1);
    // A list that happens to hold the words of a scenario's keys is still a list.
    const described = { ...tool, description: 'Returns "turns" and "catalog" of a trip' };
    expect(readExperimentCatalog(JSON.stringify([described])).value?.tools[0]?.description).toBe(described.description);
    const broken = readExperimentCatalog('{"catalog": {"tools": [}, "turns": []}', "broken.json");
    expect(broken.value).toBeUndefined();
    expect(broken.problems[0]?.code).toBe("invalidJson");
  });
});
