import { describe, expect, it } from "vitest";
import type { CatalogTool } from "../core/catalog";
import {
  boundedEditDistance,
  createClientSearch,
  DEFAULT_CLIENT_SEARCH_OPTIONS,
  inverseDocumentFrequency,
  saturate,
  shapeWordsOf,
  splitServerName,
  type ClientSearchOptions,
} from "./client-search";
import { SAMPLE_TOOLS } from "./fixtures/sample-tools";
import { encodeWordVectors, parseWordVectors } from "./word-vectors";

function hitNames(tools: readonly CatalogTool[], query: string, options?: Partial<ClientSearchOptions>): string[] {
  const outcome = createClientSearch(tools, options).search(query);
  if (!outcome.ok) throw new Error(outcome.errorMessage);
  return outcome.hits.map((hit) => hit.name);
}

describe("createClientSearch", () => {
  it("ranks the tool the query describes first, with the default options", () => {
    expect(hitNames(SAMPLE_TOOLS, "what's the forecast in Paris")[0]).toBe("get_weather");
    expect(hitNames(SAMPLE_TOOLS, "open a ticket about the login bug")[0]).toBe("create_issue");
    expect(hitNames(SAMPLE_TOOLS, "remove a file")[0]).toBe("delete_file");
  });

  it("counts each field's index terms per occurrence: repeats, whole forms and run-together parts, per tool", () => {
    // Words are worked out once per distinct word and counted per field (index-build speed); the counts must be
    // each field's own, however often the word appears elsewhere.
    const tools: CatalogTool[] = [
      {
        name: "sync_GitHub_files",
        description: "Sync the files, the files and the filesystem of a GitHub repo with the file system.",
        inputSchema: {
          type: "object",
          properties: { filesystem: { type: "string", description: "The file system." } },
        },
      },
      { name: "read_file", description: "Read one file.", inputSchema: { type: "object", properties: {} } },
    ];
    const searcher = createClientSearch(tools, { stemming: false, synonyms: false, prefix: false, fuzzy: 0 });
    const counts = (query: string, name: string) =>
      Object.fromEntries(
        searcher
          .explain(query, name)!
          .terms.map((term) => [
            term.matchedTerm,
            Object.fromEntries(term.fields.map((field) => [field.field, field.count])),
          ]),
      );
    expect(counts("files github file system filesystem", "sync_GitHub_files")).toEqual({
      files: { name: 1, description: 2 },
      // `GitHub` is split (`git`, `hub`) and also kept whole, in the name and the description.
      github: { name: 1, description: 1 },
      // `file` once in the description, once more as a part of `filesystem`; the argument name is only a part.
      file: { description: 2, parameterName: 1, parameterDescription: 1 },
      system: { description: 2, parameterName: 1, parameterDescription: 1 },
      filesystem: { description: 1, parameterName: 1 },
    });
    expect(counts("file the", "read_file")).toEqual({ file: { name: 1, description: 1 } });
  });

  it("shares a field index between tools with the same texts, and only between those", () => {
    // Repeated fields (one server's arguments under many names) are read once; a tool whose texts differ in any way,
    // even only in where one text ends, gets its own counts.
    const schema = (properties: Record<string, string>) => ({
      type: "object",
      properties: Object.fromEntries(
        Object.entries(properties).map(([name, description]) => [name, { type: "string", description }]),
      ),
    });
    const tools: CatalogTool[] = [
      { name: "tenant_a_send", description: "Send mail.", inputSchema: schema({ to: "Mail address." }) },
      { name: "tenant_b_send", description: "Send mail.", inputSchema: schema({ to: "Mail address." }) },
      {
        name: "tenant_c_send",
        description: "Send mail.",
        inputSchema: schema({ to: "Mail address.", cc: "A group." }),
      },
      { name: "tenant_d_send", description: "Send mail.", inputSchema: schema({ to: "Mail address.", cc: "A list." }) },
      // Its argument lists go on where tenant_c's end.
      {
        name: "tenant_e_send",
        description: "Send mail.",
        inputSchema: schema({ to: "Mail address.", cc: "A group.", bcc: "Hidden." }),
      },
      { name: "apart", description: "Mail address.", inputSchema: schema({ to: "Mail", x: "address.Now." }) },
      { name: "joined", description: "Mail address.", inputSchema: schema({ to: "Mailaddress.", x: "Now." }) },
    ];
    const searcher = createClientSearch(tools, { stemming: false, synonyms: false, prefix: false, fuzzy: 0 });
    const counts = (query: string, name: string) =>
      Object.fromEntries(
        searcher
          .explain(query, name)!
          .terms.map((term) => [
            term.matchedTerm,
            Object.fromEntries(term.fields.map((field) => [field.field, field.count])),
          ]),
      );
    expect(counts("mail group toto", "tenant_a_send")).toEqual({ mail: { description: 1, parameterDescription: 1 } });
    expect(counts("mail group toto", "tenant_b_send")).toEqual({ mail: { description: 1, parameterDescription: 1 } });
    expect(counts("mail group toto", "tenant_c_send")).toEqual({
      mail: { description: 1, parameterDescription: 1 },
      group: { parameterDescription: 1 },
    });
    expect(counts("mail address mailaddress", "apart")).toEqual({
      mail: { description: 1, parameterDescription: 1 },
      address: { description: 1, parameterDescription: 1 },
    });
    // One run-together word: itself, and its two parts (the catalog has both).
    expect(counts("mail address mailaddress", "joined")).toEqual({
      mail: { description: 1, parameterDescription: 1 },
      address: { description: 1, parameterDescription: 1 },
      mailaddress: { parameterDescription: 1 },
    });
    expect(counts("mail group hidden bcc", "tenant_e_send")).toEqual({
      mail: { description: 1, parameterDescription: 1 },
      group: { parameterDescription: 1 },
      hidden: { parameterDescription: 1 },
      bcc: { parameterName: 1 },
    });
    expect(hitNames(tools, "group")).toEqual(["tenant_c_send", "tenant_e_send"]);
    expect(hitNames(tools, "list")).toEqual(["tenant_d_send"]);
    expect(hitNames(tools, "hidden bcc")).toEqual(["tenant_e_send"]);
  });

  it("reports matched index terms per field", () => {
    const outcome = createClientSearch(SAMPLE_TOOLS).search("weather units");
    expect(outcome.ok && outcome.hits[0]).toEqual({
      name: "get_weather",
      score: expect.any(Number),
      matches: [
        { field: "name", terms: ["weather"] },
        { field: "description", terms: ["weather"] },
        { field: "parameterName", terms: ["unit"] },
        { field: "parameterDescription", terms: ["unit"] },
      ],
    });
  });

  it("returns nothing for a query of stop words only, and at most `limit` hits", () => {
    expect(hitNames(SAMPLE_TOOLS, "the of and")).toEqual([]);
    const outcome = createClientSearch(SAMPLE_TOOLS).search("a", 2);
    expect(outcome.ok && outcome.hits.length).toBeLessThanOrEqual(2);
  });

  describe("every option changes a result", () => {
    it("splitIdentifiers: `forecast` finds getWeatherForecast only when identifiers are split", () => {
      const tools: CatalogTool[] = [
        { name: "getWeatherForecast", description: "Returns data for a city.", inputSchema: {} },
      ];
      expect(hitNames(tools, "forecast")).toEqual(["getWeatherForecast"]);
      expect(hitNames(tools, "forecast", { splitIdentifiers: false })).toEqual([]);
    });

    it("stemming: `creating issues` meets `Create a new issue` only when stemmed", () => {
      const exact = { fuzzy: 0, prefix: false, synonyms: false };
      expect(hitNames(SAMPLE_TOOLS, "creating issues", exact)).toEqual(["create_issue"]);
      expect(hitNames(SAMPLE_TOOLS, "creating issues", { ...exact, stemming: false })).toEqual([]);
    });

    it("stopWords: `the` matches nothing when stop words are dropped", () => {
      expect(hitNames(SAMPLE_TOOLS, "the")).toEqual([]);
      expect(hitNames(SAMPLE_TOOLS, "the", { stopWords: false })).toContain("get_weather");
    });

    it("fieldWeights: a name match outranks a description match, until the weights say otherwise", () => {
      const tools: CatalogTool[] = [
        { name: "archive_report", description: "Store a finished document.", inputSchema: {} },
        { name: "store_document", description: "Archive one report for later.", inputSchema: {} },
      ];
      expect(hitNames(tools, "archive")[0]).toBe("archive_report");
      const descriptionFirst = { name: 0.5, description: 3, parameterName: 1, parameterDescription: 1 };
      expect(hitNames(tools, "archive", { fieldWeights: descriptionFirst })[0]).toBe("store_document");
    });

    it("fieldWeights: a field weighted 0 is not searched", () => {
      const noParameters = { ...DEFAULT_CLIENT_SEARCH_OPTIONS.fieldWeights, parameterName: 0, parameterDescription: 0 };
      expect(hitNames(SAMPLE_TOOLS, "celsius temperature")).toEqual(["get_weather"]);
      expect(hitNames(SAMPLE_TOOLS, "temperature", { fieldWeights: noParameters })).toEqual([]);
    });

    it("synonyms: `remove` finds delete_file only through the synonym table", () => {
      expect(hitNames(SAMPLE_TOOLS, "remove")).toEqual(["delete_file"]);
      expect(hitNames(SAMPLE_TOOLS, "remove", { synonyms: false })).toEqual([]);
    });

    it("prefix: `repo` reaches list_repositories only by prefix", () => {
      expect(hitNames(SAMPLE_TOOLS, "repo")).toContain("list_repositories");
      expect(hitNames(SAMPLE_TOOLS, "repo", { prefix: false, synonyms: false })).not.toContain("list_repositories");
    });

    it("fuzzy: the typo `wether` finds get_weather only with fuzzy matching", () => {
      expect(hitNames(SAMPLE_TOOLS, "wether")).toEqual(["get_weather"]);
      expect(hitNames(SAMPLE_TOOLS, "wether", { fuzzy: 0 })).toEqual([]);
    });

    it("requestFiller: `please help me` no longer pulls in a tool about help", () => {
      const tools: CatalogTool[] = [
        { name: "get_help", description: "Shows help for commands.", inputSchema: {} },
        { name: "get_weather", description: "Weather forecast for a city.", inputSchema: {} },
      ];
      expect(hitNames(tools, "please help me check the weather")).toEqual(["get_weather"]);
      expect(hitNames(tools, "please help me check the weather", { requestFiller: false })).toEqual([
        "get_help",
        "get_weather",
      ]);
    });

    it("serverPrior: a query that names a server ranks that server's tool first", () => {
      const tools: CatalogTool[] = [
        { name: "alpha:send_message", description: "Send a message to a channel.", inputSchema: {} },
        { name: "bravo:send_message", description: "Send a message to a channel.", inputSchema: {} },
        { name: "gamma:list_items", description: "List items.", inputSchema: {} },
      ];
      expect(hitNames(tools, "send a message on bravo")[0]).toBe("bravo:send_message");
      expect(hitNames(tools, "send a message on bravo", { serverPrior: 0 })[0]).toBe("alpha:send_message");
    });

    it("proximity: words that stand together in the description win over the same words apart", () => {
      const tools: CatalogTool[] = [
        { name: "tool_a", description: "Request review of a pull later.", inputSchema: {} },
        { name: "tool_b", description: "Pull request review later, of a.", inputSchema: {} },
      ];
      const plain = { synonyms: false, prefix: false, fuzzy: 0 };
      expect(hitNames(tools, "pull request", plain)).toEqual(["tool_b", "tool_a"]);
      expect(hitNames(tools, "pull request", { ...plain, proximity: 0 })).toEqual(["tool_a", "tool_b"]);
    });

    it("argumentValues: `walking` finds the tool whose argument takes it only when enum values are read", () => {
      const tools: CatalogTool[] = [
        {
          name: "directions",
          description: "Route between two places.",
          inputSchema: { type: "object", properties: { mode: { type: "string", enum: ["driving", "walking"] } } },
        },
        { name: "places", description: "Find places nearby.", inputSchema: {} },
      ];
      expect(hitNames(tools, "walking")).toEqual(["directions"]);
      expect(hitNames(tools, "walking", { argumentValues: false })).toEqual([]);
    });

    it("coverage: a tool matching both query words overtakes one matching the rarer word strongly", () => {
      const tools: CatalogTool[] = [
        { name: "refund", description: "Refund refund refund.", inputSchema: {} },
        { name: "payments", description: "Refund a card payment.", inputSchema: {} },
        { name: "card_list", description: "List card.", inputSchema: {} },
        { name: "card_add", description: "Add card.", inputSchema: {} },
      ];
      const plain = { synonyms: false, prefix: false, fuzzy: 0, proximity: 0 };
      expect(hitNames(tools, "refund card", plain)[0]).toBe("refund");
      expect(hitNames(tools, "refund card", { ...plain, coverage: 1 })[0]).toBe("payments");
    });
  });

  describe("explain: the score breakdown the lab shows", () => {
    const tools: CatalogTool[] = [
      { name: "alpha:send_message", description: "Send a message to a channel.", inputSchema: {} },
      // Its required `to` takes an email address: the entity prior's case.
      { name: "bravo:send_message", description: "Send a message to a channel.", inputSchema: { required: ["to"] } },
      {
        name: "bravo:list_channels",
        description: "List channels in a workspace.",
        inputSchema: { type: "object", properties: { kind: { type: "string", enum: ["public", "private"] } } },
      },
    ];

    it("adds up to the score the search ranks by, for every hit", () => {
      const searcher = createClientSearch(tools, { coverage: 0.5, nameAction: 1, entityPrior: 0.5 });
      const queries = [
        "send a message on bravo",
        "list privat channels",
        "messages",
        "chanel",
        "message bob@example.com",
      ];
      let priors = 0;
      for (const query of queries) {
        const outcome = searcher.search(query, 10);
        if (!outcome.ok) throw new Error(outcome.errorMessage);
        expect(outcome.hits.length).toBeGreaterThan(0);
        for (const hit of outcome.hits) {
          const breakdown = searcher.explain(query, hit.name)!;
          expect(breakdown.score).toBe(hit.score);
          const terms = breakdown.terms.reduce((sum, term) => sum + term.score, 0);
          expect(breakdown.termScore).toBeCloseTo(terms, 12);
          expect(breakdown.score).toBeCloseTo(
            (terms + breakdown.proximityScore + (breakdown.nameAction?.bonus ?? 0)) *
              breakdown.coverage.factor *
              (breakdown.serverPrior?.factor ?? 1) *
              (breakdown.entityPrior?.factor ?? 1) +
              (breakdown.exactWords?.bonus ?? 0),
            12,
          );
          if (breakdown.entityPrior !== undefined) priors += 1;
          for (const term of breakdown.terms) {
            const frequency = term.fields.reduce((sum, field) => sum + field.weightedCount, 0);
            expect(term.weightedFrequency).toBeCloseTo(frequency, 12);
            expect(term.score).toBeCloseTo(term.weight * term.idf * saturate(frequency), 12);
            for (const field of term.fields) {
              expect(field.weightedCount).toBeCloseTo(
                (field.fieldWeight * field.count) / field.lengthNormalisation,
                12,
              );
            }
          }
        }
      }
      expect(priors).toBe(1);
    });

    it("names the server prior, the proximity pairs and the kind of each match", () => {
      const searcher = createClientSearch(tools);
      const breakdown = searcher.explain("send a message on bravo", "bravo:send_message")!;
      expect(breakdown.serverPrior).toEqual({ server: "bravo", words: ["bravo"], factor: 1.5 });
      expect(breakdown.proximity).toEqual([
        { left: "send", right: "messag", field: "name", bonus: expect.any(Number) },
      ]);
      expect(breakdown.terms.map((term) => [term.queryTerm, term.origin, term.match])).toEqual([
        ["send", "word", "exact"],
        ["messag", "word", "exact"],
      ]);
      expect(searcher.explain("send a message on bravo", "alpha:send_message")!.serverPrior).toBeUndefined();
      const typo = searcher.explain("chanel", "bravo:list_channels")!;
      expect(typo.terms[0]).toMatchObject({ queryTerm: "chanel", matchedTerm: "channel", match: "typo", weight: 0.4 });
      const prefix = searcher.explain("privat", "bravo:list_channels")!;
      expect(prefix.terms[0]).toMatchObject({ matchedTerm: "privat", match: "exact" });
      expect(prefix.terms[0].fields.map((field) => field.field)).toEqual(["parameterDescription"]);
    });

    it("names the request's words it did not search, each with the option that dropped it", () => {
      const searcher = createClientSearch(tools);
      expect(searcher.explain("please send the message on bravo", "bravo:send_message")!.dropped).toEqual([
        { word: "please", reason: "request filler" },
        { word: "the", reason: "stop word" },
        { word: "on", reason: "stop word" },
      ]);
      const kept = createClientSearch(tools, { stopWords: false, requestFiller: false });
      expect(kept.explain("please send the message", "bravo:send_message")!.dropped).toEqual([]);
      // A request of filler only searches its words, so nothing is dropped but function words.
      expect(searcher.explain("please help", "bravo:send_message")!.dropped).toEqual([]);
    });

    it("gives a zero score for a tool that matches nothing, and undefined for an unknown tool", () => {
      const searcher = createClientSearch(tools);
      expect(searcher.explain("workspace", "alpha:send_message")).toMatchObject({ score: 0, terms: [] });
      expect(searcher.explain("workspace", "nope")).toBeUndefined();
    });
  });

  describe("identifiers written together or apart", () => {
    it("`postgresql` finds a tool that writes PostgreSQL, which splitting alone reads as postgre + sql", () => {
      const tools: CatalogTool[] = [
        { name: "query", description: "Run a read-only SQL query against PostgreSQL.", inputSchema: {} },
        { name: "list_tables", description: "List the tables of a database.", inputSchema: {} },
      ];
      expect(hitNames(tools, "postgresql")).toEqual(["query"]);
      expect(hitNames(tools, "PostgreSQL")).toEqual(["query"]);
    });

    it("a query word written together meets a tool that writes it apart, and the reverse", () => {
      const tools: CatalogTool[] = [
        { name: "read_file", description: "Read a file from the file system.", inputSchema: {} },
        { name: "sequentialthinking", description: "Think step by step.", inputSchema: {} },
        { name: "list_items", description: "Sequential listing of thinking notes.", inputSchema: {} },
      ];
      const exact = { synonyms: false, prefix: false, fuzzy: 0, stemming: false };
      expect(hitNames(tools, "filesystem", exact)).toEqual(["read_file"]);
      expect(hitNames(tools, "sequential thinking", exact)[0]).toBe("sequentialthinking");
    });

    it("digits: `session42` is found by `session` and by `42`", () => {
      const tools: CatalogTool[] = [{ name: "open", description: "Opens session42.", inputSchema: {} }];
      expect(hitNames(tools, "session")).toEqual(["open"]);
      expect(hitNames(tools, "42")).toEqual(["open"]);
    });
  });

  describe("scoring, by hand", () => {
    it("one description match is IDF × saturated field-weighted frequency", () => {
      const tools: CatalogTool[] = [
        { name: "one", description: "alpha beta", inputSchema: {} },
        { name: "two", description: "gamma delta", inputSchema: {} },
        { name: "three", description: "epsilon zeta", inputSchema: {} },
      ];
      // N = 3, df = 1: ln(1 + 2.5 / 1.5) = ln(8/3). Description weight 1.5 at average length: 1.5 × 2.2 / 2.7.
      // (The exact-words re-rank would add 0.2 × this, the only hit; its own file computes it.)
      const outcome = createClientSearch(tools, { exactWords: 0 }).search("alpha");
      expect(outcome.ok && outcome.hits[0].score).toBeCloseTo(Math.log(8 / 3) * ((1.5 * 2.2) / 2.7), 10);
      expect(outcome.ok && outcome.hits[0].score).toBeCloseTo(1.198791, 6);
    });

    it("equal scores put the shorter name first, then catalog order", () => {
      const tools: CatalogTool[] = [
        { name: "zzz_longer_name", description: "Fetch the weather.", inputSchema: {} },
        { name: "yyy", description: "Fetch the weather.", inputSchema: {} },
        { name: "xxx", description: "Fetch the weather.", inputSchema: {} },
      ];
      expect(hitNames(tools, "weather")).toEqual(["yyy", "xxx", "zzz_longer_name"]);
    });
  });
});

describe("scoring pieces", () => {
  it("inverseDocumentFrequency is Lucene's non-negative BM25 IDF", () => {
    expect(inverseDocumentFrequency(3, 1)).toBeCloseTo(Math.log(8 / 3), 12);
    expect(inverseDocumentFrequency(10, 10)).toBeCloseTo(Math.log(1 + 0.5 / 10.5), 12);
  });

  it("saturate is tf × (k1 + 1) / (k1 + tf) with k1 = 1.2", () => {
    expect(saturate(0)).toBe(0);
    expect(saturate(1)).toBeCloseTo(1, 12);
    expect(saturate(2)).toBeCloseTo(4.4 / 3.2, 12);
  });

  it("boundedEditDistance counts edits and stops past the bound", () => {
    expect(boundedEditDistance("wether", "weather", 1)).toBe(1);
    expect(boundedEditDistance("kitten", "sitting", 3)).toBe(3);
    expect(boundedEditDistance("kitten", "sitting", 1)).toBe(2);
  });

  it("splitServerName cuts at the last colon", () => {
    expect(splitServerName("github-mcp-server:create_issue")).toEqual({
      server: "github-mcp-server",
      tool: "create_issue",
    });
    expect(splitServerName("create_issue")).toEqual({ server: undefined, tool: "create_issue" });
  });
});

describe("client search boundaries (each pins one rule of docs/SEARCH.md)", () => {
  const names = (tools: CatalogTool[], query: string, options?: Partial<ClientSearchOptions>, limit?: number) => {
    const outcome = createClientSearch(tools, options).search(query, limit);
    if (!outcome.ok) throw new Error(outcome.errorMessage);
    return outcome.hits.map((hit) => hit.name);
  };
  const tool = (name: string, description: string, inputSchema: CatalogTool["inputSchema"] = {}): CatalogTool => ({
    name,
    description,
    inputSchema,
  });

  it("prefix matching starts at three characters and never reaches words that merely sort after the query", () => {
    const tools = [tool("a", "Repositories of a user."), tool("b", "Reply to a thread."), tool("c", "Rest in peace.")];
    const exact = { synonyms: false, fuzzy: 0 };
    expect(names(tools, "rep", exact).sort()).toEqual(["a", "b"]);
    expect(names(tools, "re", exact)).toEqual([]);
    expect(names(tools, "repo", exact)).toEqual(["a"]);
    expect(names(tools, "zzz", exact)).toEqual([]);
  });

  it("a prefix match counts 0.4 of the word itself, a synonym 0.5, a typo 0.4", () => {
    const tools = [tool("one", "repositories"), tool("two", "unrelated words here"), tool("three", "more filler")];
    const searcher = createClientSearch(tools, { synonyms: false, fuzzy: 0, exactWords: 0 });
    const whole = searcher.explain("repositories", "one")!;
    const prefix = searcher.explain("repos", "one")!;
    expect(prefix.terms[0]).toMatchObject({ match: "prefix", weight: 0.4 });
    expect(prefix.score).toBeCloseTo(whole.score * 0.4, 12);
    const synonym = createClientSearch([tool("x", "Delete a file."), tool("y", "Other.")]).explain("remove", "x")!;
    expect(synonym.terms[0]).toMatchObject({ origin: "synonym", weight: 0.5, matchedTerm: "delet" });
  });

  it("typos: words of four characters or more the catalog lacks, within a share of their length", () => {
    const tools = [tool("w", "Weather forecast."), tool("g", "Gets things."), tool("s", "Sets things.")];
    expect(names(tools, "wether")).toEqual(["w"]);
    expect(names(tools, "gett", { synonyms: false, prefix: false })).toEqual(["g"]);
    // "get" is three characters: no typo search, so "set" is not reached.
    expect(names(tools, "get", { synonyms: false, prefix: false })).toEqual(["g"]);
    // A known word is not typo-matched to its neighbours.
    expect(names(tools, "sets", { synonyms: false, prefix: false })).toEqual(["s"]);
    // Two edits in a six-letter word exceed round(0.2 × 6) = 1.
    expect(names(tools, "wethar", { synonyms: false, prefix: false })).toEqual([]);
    expect(names(tools, "wethar", { synonyms: false, prefix: false, fuzzy: 0.34 })).toEqual(["w"]);
  });

  it("a server word shared by three servers, or by more than half of them, names none", () => {
    const tools = [
      tool("mcp-alpha:send", "Send a note."),
      tool("mcp-bravo:send", "Send a note."),
      tool("mcp-charlie:send", "Send a note."),
    ];
    expect(createClientSearch(tools).explain("send on mcp", "mcp-charlie:send")!.serverPrior).toBeUndefined();
    expect(createClientSearch(tools).explain("send on charlie", "mcp-charlie:send")!.serverPrior).toEqual({
      server: "mcp-charlie",
      words: ["charli"],
      factor: 1.5,
    });
    const two = [tool("team-alpha:send", "Send a note."), tool("team-bravo:send", "Send a note.")];
    expect(createClientSearch(two).explain("send on team", "team-alpha:send")!.serverPrior).toBeUndefined();
    const twoOfFive = [
      tool("pay-one:charge", "Charge a card."),
      tool("pay-two:charge", "Charge a card."),
      tool("x:a", "Other."),
      tool("y:b", "Other."),
      tool("z:c", "Other."),
    ];
    expect(createClientSearch(twoOfFive).explain("charge on pay", "pay-one:charge")!.serverPrior?.server).toBe(
      "pay-one",
    );
  });

  it("splitServerName: a leading or trailing colon is part of the name", () => {
    expect(splitServerName(":tool")).toEqual({ server: undefined, tool: ":tool" });
    expect(splitServerName("server:")).toEqual({ server: undefined, tool: "server:" });
    expect(splitServerName("a:b:c")).toEqual({ server: "a:b", tool: "c" });
  });

  it("a request of filler only still searches for its words; an empty catalog finds nothing", () => {
    const tools = [tool("get_help", "Shows help."), tool("other", "Nothing.")];
    expect(names(tools, "help me please")).toEqual(["get_help"]);
    expect(names([], "anything")).toEqual([]);
    expect(
      names(tools, "help", { fieldWeights: { name: 0, description: 0, parameterName: 0, parameterDescription: 0 } }),
    ).toEqual([]);
  });

  it("proximity counts each adjacent pair once, not a word next to itself, and only in order", () => {
    const tools = [tool("one", "pull request"), tool("two", "request pull"), tool("three", "other words")];
    const plain = { synonyms: false, prefix: false, fuzzy: 0 };
    const searcher = createClientSearch(tools, plain);
    expect(searcher.explain("pull request", "one")!.proximity).toEqual([
      { left: "pull", right: "request", field: "description", bonus: 0.5 * Math.log(1 + 1.5 / 2.5) },
    ]);
    expect(searcher.explain("pull request", "two")!.proximity).toEqual([]);
    expect(searcher.explain("pull pull", "one")!.proximity).toEqual([]);
  });

  it("stemmer: Porter2 stems `ties` as `tie` and finds tie_knot, which Porter's `ti` misses", () => {
    const tools = [tool("tie_knot", "Makes a knot."), tool("other", "Something else.")];
    expect(names(tools, "ties", { stemmer: "porter2" })).toEqual(["tie_knot"]);
    expect(names(tools, "ties", { stemmer: "porter" })).toEqual([]);
    expect(DEFAULT_CLIENT_SEARCH_OPTIONS.stemmer).toBe("porter2");
  });

  it("name action: the name's action and one of its objects, matched by two query words, add the weaker's IDF", () => {
    const tools = [
      tool("srv:search_files", "Look through folders."),
      tool("srv:search_users", "Look up people."),
      tool("srv:read_files", "Read data."),
    ];
    const plain = { synonyms: false, prefix: false, fuzzy: 0, proximity: 0, nameAction: 1, exactWords: 0 };
    const searcher = createClientSearch(tools, plain);
    // `search` and `file` are each in 2 of 3 tools: IDF ln(1 + 1.5 / 2.5) = ln 1.6.
    const both = searcher.explain("search files", "srv:search_files")!;
    expect(both.nameAction).toEqual({ action: "search", object: "file", bonus: Math.log(1.6) });
    expect(both.score).toBeCloseTo(both.termScore + Math.log(1.6), 12);
    expect(searcher.explain("search files", "srv:search_users")!.nameAction).toBeUndefined();
    expect(searcher.explain("search files", "srv:read_files")!.nameAction).toBeUndefined();
    // Half the weight for half the option (the default); 0 turns it off.
    expect(
      createClientSearch(tools, { ...plain, nameAction: 0.5 }).explain("search files", "srv:search_files")!,
    ).toMatchObject({ nameAction: { bonus: 0.5 * Math.log(1.6) } });
    expect(DEFAULT_CLIENT_SEARCH_OPTIONS.nameAction).toBe(0.5);
    const off = createClientSearch(tools, { ...plain, nameAction: 0 });
    expect(off.explain("search files", "srv:search_files")!.nameAction).toBeUndefined();
  });

  it("name action skips a namespace prefix most of a server's names share; a one-word action has no object", () => {
    const tools = [
      tool("pw:browser_click_element", "Click it."),
      tool("pw:browser_close", "Close it."),
      tool("pw:browser_navigate", "Go to a page."),
      tool("other:fetch", "Fetch a page."),
    ];
    const searcher = createClientSearch(tools, { synonyms: false, prefix: false, fuzzy: 0, nameAction: 1 });
    expect(searcher.explain("click element", "pw:browser_click_element")!.nameAction).toMatchObject({
      action: "click",
      object: "element",
    });
    // `browser` begins all three names: it is the namespace, not the action or an object.
    expect(searcher.explain("browser click", "pw:browser_click_element")!.nameAction).toBeUndefined();
    expect(searcher.explain("navigate browser", "pw:browser_navigate")!.nameAction).toBeUndefined();
    expect(searcher.explain("fetch page", "other:fetch")!.nameAction).toBeUndefined();
    // A server of two tools has no shared-prefix evidence; a first word from the server's own name is its namespace.
    const brave = [
      tool("brave-search:brave_web_search", "Search the web."),
      tool("brave-search:brave_local", "Places."),
    ];
    expect(
      createClientSearch(brave, { nameAction: 1 }).explain("web search", "brave-search:brave_web_search")!.nameAction,
    ).toMatchObject({ action: "web", object: "search" });
  });

  it("shape words: a web address reads as url, a file name as file, #name as channel, @name as user", () => {
    expect(shapeWordsOf("go to example.com, then save notes.md.")).toEqual([
      { text: "example.com", word: "url" },
      { text: "notes.md", word: "file" },
    ]);
    expect(shapeWordsOf("post in #random for @alice about ./src/app.ts and https://x.org/a?b=1")).toEqual([
      { text: "#random", word: "channel" },
      { text: "@alice", word: "user" },
      { text: "./src/app.ts", word: "file" },
      { text: "https://x.org/a?b=1", word: "url" },
    ]);
    expect(shapeWordsOf("version 1.2.3, e.g. this, #1")).toEqual([]);
    const tools = [tool("navigate", "Open a URL."), tool("write", "Write a file."), tool("other", "Something else.")];
    const searcher = createClientSearch(tools, { shapeWords: true });
    const term = searcher.explain("go to example.com", "navigate")!.terms.find((entry) => entry.origin === "shape");
    expect(term).toMatchObject({ queryTerm: "url", shapeOf: "example.com", weight: 0.5 });
    // The catalog has no `channel`: nothing is added.
    expect(searcher.explain("post in #random", "other")!.terms).toEqual([]);
    const off = createClientSearch(tools, { shapeWords: false });
    expect(off.explain("go to example.com", "navigate")!.terms).toEqual([]);
  });

  it("a joined pair counts 0.8; a run-together query word counts as its parts", () => {
    const tools = [tool("seq", "sequentialthinking"), tool("a", "sequential notes"), tool("b", "thinking aloud")];
    const joined = createClientSearch(tools, { synonyms: false }).explain("sequential thinking", "seq")!;
    expect(joined.terms.find((term) => term.origin === "joined")).toMatchObject({ weight: 0.8 });
    const split = createClientSearch([tool("fs", "file system"), tool("x", "other")]).explain("filesystem", "fs")!;
    expect(split.terms.map((term) => [term.queryTerm, term.origin])).toEqual([
      ["file", "split"],
      ["system", "split"],
    ]);
  });

  it("coverage is the IDF-weighted share of own query words, capped at 1, and synonyms do not count", () => {
    const tools = [tool("a", "alpha beta"), tool("b", "alpha"), tool("c", "gamma"), tool("d", "delta")];
    const searcher = createClientSearch(tools, { coverage: 1, synonyms: false, prefix: false, fuzzy: 0 });
    expect(searcher.explain("alpha beta", "a")!.coverage).toEqual({ share: 1, factor: 2 });
    const partial = searcher.explain("alpha beta", "b")!.coverage;
    const [alpha, beta] = [Math.log(1 + 2.5 / 2.5), Math.log(1 + 3.5 / 1.5)];
    expect(partial.share).toBeCloseTo(alpha / (alpha + beta), 12);
    expect(partial.factor).toBeCloseTo(1 + alpha / (alpha + beta), 12);
    expect(createClientSearch(tools).explain("alpha beta", "a")!.coverage).toEqual({ share: 1, factor: 1 });
  });

  it("the label and id say what the search is", () => {
    const searcher = createClientSearch([]);
    expect(searcher.id).toBe("client");
    expect(searcher.label).toBe("Client search (field-weighted BM25)");
  });

  it("options not given keep their defaults, field weights one by one", () => {
    const tools = [tool("archive_report", "Store a document."), tool("store_document", "Archive a report.")];
    expect(names(tools, "archive", { fieldWeights: { name: 3 } as never })).toEqual([
      "archive_report",
      "store_document",
    ]);
    expect(names(tools, "archive", { fieldWeights: { description: 0 } as never })).toEqual(["archive_report"]);
  });
});

describe("client search: what the mutation run found untested", () => {
  const named = (name: string, description: string): CatalogTool => ({ name, description, inputSchema: {} });

  it("returns exactly `limit` hits when more tools match", () => {
    const tools = ["one", "two", "three"].map((name) => named(name, "Fetch the weather."));
    const outcome = createClientSearch(tools).search("weather", 1);
    expect(outcome.ok && outcome.hits.map((hit) => hit.name)).toEqual(["one"]);
  });

  it("equal scores and equal name lengths keep catalog order, whatever the names", () => {
    const tools = ["ccc", "aaa", "bbb", "ddd"].map((name) => named(name, "Fetch the weather."));
    expect(hitNames(tools, "weather")).toEqual(["ccc", "aaa", "bbb", "ddd"]);
    // The later tool matches the query's first word, so it is met first: the tie still goes to catalog order.
    const apart = [named("aaa", "Weather."), named("bbb", "Forecast.")];
    expect(hitNames(apart, "forecast weather", { synonyms: false, prefix: false, fuzzy: 0 })).toEqual(["aaa", "bbb"]);
  });

  it("the proximity bonus is the proximity weight times the IDF of the commoner word of the pair", () => {
    const tools = [
      named("one", "pull request"),
      named("two", "pull other"),
      named("three", "pull more"),
      named("four", "something"),
    ];
    const breakdown = createClientSearch(tools, { synonyms: false, prefix: false, fuzzy: 0 }).explain(
      "pull request",
      "one",
    )!;
    expect(breakdown.proximity).toEqual([
      { left: "pull", right: "request", field: "description", bonus: 0.5 * inverseDocumentFrequency(4, 3) },
    ]);
  });

  it("a server word in three servers names none even when that is under half of them; one server's word names it", () => {
    const servers = ["acme-x", "acme-y", "acme-z", "p", "q", "r", "s", "t"];
    const tools = servers.map((server) => named(`${server}:send`, "Send a note."));
    expect(createClientSearch(tools).explain("send on acme", "acme-x:send")!.serverPrior).toBeUndefined();
    const single = [named("stripe:charge", "Charge a card.")];
    expect(createClientSearch(single).explain("charge on stripe", "stripe:charge")!.serverPrior).toEqual({
      server: "stripe",
      words: ["stripe"],
      factor: 1.5,
    });
  });

  it("a field weighted 0 adds nothing to a hit's matched fields", () => {
    const tools = [named("get_weather", "Weather for a city.")];
    const outcome = createClientSearch(tools, {
      fieldWeights: { name: 1, description: 0, parameterName: 1, parameterDescription: 1 },
    }).search("weather");
    expect(outcome.ok && outcome.hits[0].matches).toEqual([{ field: "name", terms: ["weather"] }]);
  });

  it("boundedEditDistance grows its rows for long words, and reads no column left over from an earlier call", () => {
    const long = "a".repeat(64);
    expect(boundedEditDistance(long, `${"a".repeat(63)}b`, 2)).toBe(1);
    expect(boundedEditDistance("b".repeat(100), `${"b".repeat(99)}c`, 2)).toBe(1);
    expect(boundedEditDistance("abcd", "abcd", 4)).toBe(0);
    expect(boundedEditDistance("", "xyz", 5)).toBe(3);
  });
});

describe("similarWords: soft matches by word vectors", () => {
  // Hand-made 2-d vectors: cos(remember, memory) = 0.8 (0.8007 after int8 rounding), weather is at right angles.
  const wordVectors = parseWordVectors(
    encodeWordVectors(
      ["remember", "memory", "recall", "weather"],
      [
        [1, 0],
        [0.8, 0.6],
        [0.6, 0.8],
        [0, 1],
      ],
      2,
    ),
  );
  const tools: CatalogTool[] = [
    { name: "search_nodes", description: "Search the knowledge graph memory for nodes.", inputSchema: {} },
    { name: "get_weather", description: "Current weather for a city.", inputSchema: {} },
    { name: "recall_message", description: "Take back a sent message.", inputSchema: {} },
  ];
  const similar = { similarWords: 0.4, similarWordsMinimum: 0.55, similarWordsCount: 3 };

  it("finds a tool by a word near in meaning, only with the option on and a table given", () => {
    expect(hitNames(tools, "what do you remember about Alice")).toEqual([]);
    const search = (options: Partial<ClientSearchOptions>) => {
      const outcome = createClientSearch(tools, options, { wordVectors }).search("what do you remember about Alice");
      return outcome.ok ? outcome.hits.map((hit) => hit.name) : [];
    };
    // memory (cos 0.8) and recall (0.6) both clear 0.55; recall sits in a name, which outweighs the nearer cosine.
    expect(search(similar)).toEqual(["recall_message", "search_nodes"]);
    expect(search({ ...similar, similarWords: 0 })).toEqual([]);
    expect(search({ ...similar, similarWordsMinimum: 0.7 })).toEqual(["search_nodes"]);
    expect(search({ ...similar, similarWordsCount: 1 })).toEqual(["search_nodes"]);
    expect(search({ ...similar, similarWordsMinimum: 0.9 })).toEqual([]);
  });

  it("scores a soft match as the word's stand-in at similarWords × cosine, and explains it", () => {
    const searcher = createClientSearch(tools, similar, { wordVectors });
    const outcome = searcher.search("remember");
    const breakdown = searcher.explain("remember", "search_nodes")!;
    expect(breakdown.terms).toHaveLength(1);
    const [term] = breakdown.terms;
    expect(term).toMatchObject({ queryTerm: "rememb", matchedTerm: "memori", match: "similar" });
    const cosine = 127 / Math.hypot(127, 95);
    expect(term.similar).toEqual({ requestWord: "remember", catalogWord: "memory", similarity: expect.any(Number) });
    expect(term.similar?.similarity).toBeCloseTo(cosine, 5);
    expect(term.weight).toBeCloseTo(0.4 * cosine, 5);
    // One occurrence in a description of average-normalised length: idf × saturate(1.5 × 1 / norm) × weight.
    expect(term.score).toBeCloseTo(term.weight * term.idf * saturate(term.weightedFrequency), 9);
    const hit = outcome.ok ? outcome.hits.find((candidate) => candidate.name === "search_nodes") : undefined;
    expect(hit?.score).toBeCloseTo(breakdown.score, 9);
    expect(hit?.matches).toEqual([{ field: "description", terms: ["memori"] }]);
  });

  it("lets the word itself win over a soft match, and soft-matches only the request's own words", () => {
    const withWord: CatalogTool[] = [
      ...tools,
      { name: "remember_fact", description: "Remember a fact for later.", inputSchema: {} },
    ];
    const outcome = createClientSearch(withWord, similar, { wordVectors }).search("remember");
    expect(outcome.ok && outcome.hits.map((hit) => hit.name)[0]).toBe("remember_fact");
    // A word the table lacks has no neighbours: nothing to soft-match.
    expect(createClientSearch(tools, similar, { wordVectors }).search("banana")).toEqual({ ok: true, hits: [] });
  });
});
