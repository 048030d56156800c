import { describe, expect, it } from "vitest";
import {
  parameterKindsOf,
  requestEntitiesOf,
  requiredParameterNames,
  splitAddressWords,
  type EntityKind,
} from "./request-entities";

const kindsOf = (input: string): EntityKind[] => requestEntitiesOf(input).map((entity) => entity.kind);

describe("requestEntitiesOf: what a request carries, by its shape", () => {
  it("reads web addresses, email addresses, file paths and owner/name", () => {
    expect(requestEntitiesOf("read https://blog.example.org/post/1, please")).toEqual([
      { kind: "url", text: "https://blog.example.org/post/1" },
    ]);
    expect(kindsOf("mail alice@example.com")).toEqual(["email"]);
    expect(kindsOf("open ./src/app.ts")).toEqual(["file"]);
    expect(kindsOf("show /etc/hosts")).toEqual(["file"]);
    expect(kindsOf("open notes.md")).toEqual(["file"]);
    expect(kindsOf("star facebook/react")).toEqual(["repository"]);
    expect(kindsOf("star vercel/next.js")).toEqual(["file"]);
    // A fraction is not a repository, and a word alone is nothing.
    expect(kindsOf("add 1/2 cup")).toEqual([]);
    expect(kindsOf("star the repository")).toEqual([]);
  });

  it("reads dates and times: ISO, numeric, clock, day words, and a month with its day", () => {
    expect(kindsOf("due 2025-03-01")).toEqual(["date"]);
    expect(kindsOf("on 3/14/2025")).toEqual(["date"]);
    expect(kindsOf("at 3pm")).toEqual(["date"]);
    expect(kindsOf("at 15:30")).toEqual(["date"]);
    expect(kindsOf("what about tomorrow?")).toEqual(["date"]);
    expect(requestEntitiesOf("book it for May 3")).toEqual([{ kind: "date", text: "May 3" }]);
    expect(requestEntitiesOf("on 3rd March")).toEqual([{ kind: "date", text: "3rd March" }]);
    // "may" and "march" alone are verbs as often as months.
    expect(kindsOf("you may march on")).toEqual([]);
  });

  it("reads sums of money and numbered items", () => {
    expect(requestEntitiesOf("charge $15.50 a month")).toEqual([{ kind: "amount", text: "$15.50" }]);
    expect(requestEntitiesOf("charge 15 dollars")).toEqual([{ kind: "amount", text: "15 dollars" }]);
    expect(kindsOf("15 issues")).toEqual([]);
    expect(kindsOf("close #12")).toEqual(["number"]);
    expect(kindsOf("post in #random")).toEqual([]);
  });
});

describe("parameterKindsOf: the kinds of value an argument takes, by the whole words of its name", () => {
  it("maps each kind to the first argument that takes it", () => {
    const kinds = parameterKindsOf(["owner", "repo", "issue_number", "dueDate", "fileUrl"]);
    expect(Object.fromEntries(kinds)).toEqual({
      repository: "owner",
      number: "issue_number",
      date: "dueDate",
      url: "fileUrl",
      file: "fileUrl",
    });
  });

  it("does not read parts of words, or the broad time words, as a kind", () => {
    expect(parameterKindsOf(["profile", "urlencoded", "start", "year", "query"]).size).toBe(0);
  });

  it("reads the required names of the schema, and none when it lists none", () => {
    const tool = { name: "t", description: "", inputSchema: { type: "object", required: ["url", 3] } };
    expect(requiredParameterNames(tool)).toEqual(["url"]);
    expect(requiredParameterNames({ name: "t", description: "", inputSchema: {} })).toEqual([]);
  });
});

describe("splitAddressWords: the words inside addresses, apart from the rest", () => {
  it("keeps a web address's host words and gives up its path and query", () => {
    expect(splitAddressWords("read https://www.blog.example.org/post/1?ref=x now")).toEqual({
      text: "read blog example now",
      addressWords: ["post", "1", "ref", "x"],
    });
  });

  it("gives up a file path with a slash and an email address whole, and leaves the rest as written", () => {
    expect(splitAddressWords("list src/app/page and mail bob@example.com")).toEqual({
      text: "list  and mail ",
      addressWords: ["src", "app", "page", "bob", "example", "com"],
    });
    expect(splitAddressWords("due 3/14/2025").addressWords).toEqual([]);
    expect(splitAddressWords("open notes.md in facebook/react")).toEqual({
      text: "open notes.md in facebook/react",
      addressWords: [],
    });
  });
});
