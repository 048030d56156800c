import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { PLANTED_BUGS } from "./planted-bugs";

describe("npm run test:planted's table", () => {
  it("names files that exist, each holding the code its bug replaces exactly once", () => {
    const stale = PLANTED_BUGS.filter((bug) => {
      if (!fs.existsSync(bug.file)) return true;
      return fs.readFileSync(bug.file, "utf8").split(bug.find).length !== 2;
    }).map((bug) => `${bug.file}: ${bug.bug}`);
    expect(stale).toEqual([]);
  });
});
