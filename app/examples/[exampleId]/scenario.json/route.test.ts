import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadExample } from "@/lib/examples";
import { loadScenarioAsset, scenarioAssetPath } from "@/lib/examples/scenario-asset";
import { GET, generateStaticParams } from "./route";

const context = (exampleId: string) => ({ params: Promise.resolve({ exampleId }) });

describe("GET /examples/<id>/scenario.json", () => {
  it("is made at build time for the 10,000-tool example only", () => {
    expect(generateStaticParams()).toEqual([{ exampleId: "synthetic-10000" }]);
  });

  it("serves the very scenario the generator makes, which the workers' loader accepts", async () => {
    const response = await GET(new Request("http://localhost/examples/synthetic-10000/scenario.json"), context("synthetic-10000"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const served = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8"));
    // Strict: no property the generator sets may be lost or changed by JSON (an undefined one would be).
    const generated = await loadExample("synthetic-10000");
    expect(served).toStrictEqual(generated);
    const fetched: string[] = [];
    const loaded = await loadScenarioAsset("synthetic-10000", async (path) => {
      fetched.push(path);
      return served;
    });
    expect(fetched).toEqual([scenarioAssetPath("synthetic-10000")]);
    expect(loaded).toBe(served);
  }, 60_000);

  it("answers 404 for any other example", async () => {
    const response = await GET(new Request("http://localhost/examples/weather/scenario.json"), context("weather"));
    expect(response.status).toBe(404);
  });
});
