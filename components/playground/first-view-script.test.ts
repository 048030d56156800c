import { describe, expect, it } from "vitest";
import { STORAGE_PREFIX, startupReadsLocalStore } from "@/lib/share/storage-keys";
import { FIRST_VIEW_ATTRIBUTE, hideFirstViewScript } from "./first-view-script";

/** Runs the script against a fake page: its fragment, its localStorage (or one that throws), and reads the mark. */
type FakePage = { hash?: string; saved?: boolean; storageThrows?: boolean; namedInUrl?: boolean };

function fakeStorage(options: FakePage) {
  return {
    getItem(key: string) {
      if (options.storageThrows) throw new Error("SecurityError");
      return options.saved && key === `${STORAGE_PREFIX}working` ? "{}" : null;
    },
  };
}

function hides(options: FakePage): boolean {
  const attributes = new Map<string, string>();
  const localStorage = fakeStorage(options);
  const document = { documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } };
  const location = { hash: options.hash ?? "" };
  new Function("location", "localStorage", "document", hideFirstViewScript(options.namedInUrl ?? false))(
    location,
    localStorage,
    document,
  );
  return attributes.get(FIRST_VIEW_ATTRIBUTE) === "hidden";
}

describe("the pre-paint script of the build-time first screen", () => {
  it("shows the example on a first visit and on fragments that are not links", () => {
    expect(hides({})).toBe(false);
    expect(hides({ hash: "#section-run" })).toBe(false);
    expect(hides({ hash: "#s" })).toBe(false);
  });

  it("hides it when a link opens instead, named example or not", () => {
    expect(hides({ hash: "#s=1.abc" })).toBe(true);
    expect(hides({ hash: "#id=abcdefghijklmnopqrstuv" })).toBe(true);
    expect(hides({ hash: "#s=1.abc", namedInUrl: true })).toBe(true);
  });

  it("hides it when the autosaved work opens, unless the URL names the example", () => {
    expect(hides({ saved: true })).toBe(true);
    expect(hides({ saved: true, namedInUrl: true })).toBe(false);
  });

  it("shows it when storage is blocked (the startup then opens the example)", () => {
    expect(hides({ storageThrows: true })).toBe(false);
  });
});

describe("startupReadsLocalStore (the startup skips the store's code when it is false)", () => {
  const cases: FakePage[] = [
    {},
    { hash: "#section-run" },
    { hash: "#s" },
    { hash: "#s=1.abc" },
    { hash: "#id=abcdefghijklmnopqrstuv" },
    { hash: "#id=short" },
    { saved: true },
    { saved: true, hash: "#s=1.abc" },
    { storageThrows: true },
    { storageThrows: true, hash: "#s=1.abc" },
  ];

  it("is true exactly when the pre-paint script hides the first screen of a page that does not name its example", () => {
    for (const page of cases)
      expect(startupReadsLocalStore(page.hash ?? "", fakeStorage(page)), JSON.stringify(page)).toBe(hides(page));
  });

  it("is false without storage and without a link, true with a link", () => {
    expect(startupReadsLocalStore("", null)).toBe(false);
    expect(startupReadsLocalStore("#s=1.abc", undefined)).toBe(true);
  });
});
