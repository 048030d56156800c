import { describe, expect, it } from "vitest";
import { expandSynonyms } from "./synonyms";
import { PLAIN_TOKENIZE_OPTIONS, splitIdentifier, splitWords, tokenize } from "./tokenize";

const ALL = { splitIdentifiers: true, stopWords: true, stemming: true };

describe("splitIdentifier", () => {
  it.each([
    ["get_weather", ["get", "weather"]],
    ["getWeather", ["get", "weather"]],
    ["GetWeather", ["get", "weather"]],
    ["get-weather", ["get", "weather"]],
    ["weather.get", ["weather", "get"]],
    ["SCREAMING_SNAKE_CASE", ["screaming", "snake", "case"]],
    ["listPullRequests", ["list", "pull", "requests"]],
    ["HTMLParser", ["html", "parser"]],
    ["getHTTPResponse", ["get", "http", "response"]],
    ["v2Api", ["v2", "api"]],
    ["base64", ["base64"]],
    ["__init__", ["init"]],
    ["API-get-user", ["api", "get", "user"]],
  ])("%s → %j", (identifier, words) => {
    expect(splitIdentifier(identifier)).toEqual(words);
  });
});

describe("splitWords", () => {
  it("splits prose on anything but letters and digits, apostrophes included", () => {
    expect(splitWords("Don't read the user's file (read_text_file)!", true)).toEqual([
      "don",
      "t",
      "read",
      "the",
      "user",
      "s",
      "file",
      "read",
      "text",
      "file",
    ]);
  });

  it("keeps identifiers whole when identifier splitting is off", () => {
    expect(splitWords("Use read_text_file on config.yaml, not kebab-case.", false)).toEqual([
      "use",
      "read_text_file",
      "on",
      "config.yaml",
      "not",
      "kebab-case",
    ]);
  });

  it("splits non-Latin text on the same boundaries", () => {
    expect(splitWords("Récupère la météo: getMétéo", true)).toEqual(["récupère", "la", "météo", "get", "météo"]);
  });

  it("gives the same words on the ASCII fast path as on the Unicode path", () => {
    // Appending one non-ASCII word forces the Unicode path; every word before it must be the same.
    const samples = [
      "listPullRequests HTMLParser getHTTPResponse v2Api ABc aBC JLR0QA a__b a.-b x- -y __init__ it's",
      "Create or update a single file in a GitHub repository (owner/repo, path, sha).",
      "maps_distance_matrix: origins[] & destinations[]; mode=driving|walking",
    ];
    for (const sample of samples) {
      for (const splitIdentifiers of [true, false]) {
        expect(splitWords(`${sample} é`, splitIdentifiers).slice(0, -1)).toEqual(splitWords(sample, splitIdentifiers));
      }
    }
  });
});

describe("tokenize", () => {
  it("is plain for the Anthropic emulations: no stop words removed, nothing stemmed", () => {
    expect(tokenize("Creating the issues", PLAIN_TOKENIZE_OPTIONS)).toEqual(["creating", "the", "issues"]);
  });

  it("drops stop words but keeps the verbs tools are named after", () => {
    expect(tokenize("get the list of all new files", { ...ALL, stemming: false })).toEqual([
      "get",
      "list",
      "new",
      "files",
    ]);
  });

  it("stems so that word forms meet", () => {
    expect(tokenize("creating issues", ALL)).toEqual(tokenize("Create an issue", ALL));
    expect(tokenize("listPullRequests", ALL)).toEqual(["list", "pull", "request"]);
  });
});

describe("expandSynonyms", () => {
  it("adds the other words of each group the query mentions", () => {
    expect(expandSynonyms(["remove", "file"])).toEqual(["delete", "erase", "destroy"]);
  });

  it("matches by stem and expands multi-word phrases both ways", () => {
    expect(expandSynonyms(["open", "a", "pr"])).toEqual(["pull", "request"]);
    expect(expandSynonyms(["review", "pull", "requests"])).toEqual(["pr"]);
    expect(expandSynonyms(["tickets"])).toEqual(["issue", "bug"]);
  });

  it("adds nothing for words outside the table", () => {
    expect(expandSynonyms(["weather", "forecast"])).toEqual([]);
  });
});
