// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import libLayers from "./lib/layers.json" with { type: "json" };
import noUntranslatedText from "./eslint-rules/no-untranslated-text.mjs";
import sameInEveryLanguage from "./lib/i18n/same-in-every-language.json" with { type: "json" };

const frameworkFreeMessage =
  "lib/ is framework-free: the same code runs in Node (tests, CLI), a Web Worker and server routes. " +
  "Put UI code in components/ or app/ and pass data in.";

const frameworkPaths = [
  { name: "react", message: frameworkFreeMessage },
  { name: "react-dom", message: frameworkFreeMessage },
  { name: "zustand", message: frameworkFreeMessage },
  { name: "monaco-editor", message: frameworkFreeMessage },
  { name: "@monaco-editor/react", message: frameworkFreeMessage },
  { name: "recharts", message: frameworkFreeMessage },
  { name: "use-intl", message: `${frameworkFreeMessage} lib/i18n/translator.ts gives lib/ its translator.` },
];
const frameworkPatterns = [
  { group: ["next", "next/*"], message: frameworkFreeMessage },
  { group: ["react/*", "react-dom/*", "zustand/*", "monaco-editor/*"], message: frameworkFreeMessage },
  { group: ["@/components/*", "@/app/*", "../components/*", "../app/*"], message: frameworkFreeMessage },
];

/** Names, formats and metrics that read the same in every interface language (lib/i18n). */
const WORDS_SAME_IN_EVERY_LANGUAGE = sameInEveryLanguage.words;

/**
 * The layers of lib/ (lib/layers.json), bottom first: the picture in docs/ARCHITECTURE.md. A folder may import folders of lower
 * layers only (type imports included); folders of one layer do not import each other. A back-edge fails lint,
 * and scripts/lib-folder-imports.test.ts finds no cycle among the folders.
 * Tests may cross layers (a provider's golden test runs the engine).
 */
const LIB_LAYERS = libLayers.layers;

function layerRules() {
  return LIB_LAYERS.flatMap((layer, rank) =>
    layer.map((folder) => {
      const forbidden = LIB_LAYERS.slice(rank)
        .flat()
        .filter((other) => other !== folder);
      const folders = forbidden.join("|");
      return {
        files: [`lib/${folder}/**/*.ts`],
        ignores: ["**/*.test.ts"],
        rules: {
          "no-restricted-imports": [
            "error",
            {
              paths: frameworkPaths,
              patterns: [
                ...frameworkPatterns,
                ...(forbidden.length
                  ? [
                      {
                        regex: `^(?:(?:\\.\\./)+|@/lib/)(?:${folders})(?:/|$)`,
                        message: `lib/${folder} sits below these folders in docs/ARCHITECTURE.md's picture; move the shared piece down (lib/core holds the vocabulary) instead of importing up.`,
                      },
                    ]
                  : []),
              ],
            },
          ],
        },
      };
    }),
  );
}

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "test-results/**", "playwright-report/**", "data/**", "next-env.d.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["lib/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: frameworkPaths, patterns: frameworkPatterns }],
      "no-restricted-globals": [
        "error",
        { name: "window", message: frameworkFreeMessage },
        { name: "document", message: frameworkFreeMessage },
        { name: "localStorage", message: frameworkFreeMessage },
        { name: "navigator", message: frameworkFreeMessage },
      ],
    },
  },
  ...layerRules(),
  {
    // Every word a person reads comes from lib/i18n's messages, in English and Chinese (docs/DESIGN.md, "Languages").
    files: ["components/**/*.tsx", "app/**/*.tsx"],
    ignores: ["**/*.test.tsx"],
    plugins: { playground: { rules: { "no-untranslated-text": noUntranslatedText } } },
    rules: { "playground/no-untranslated-text": ["error", { allow: WORDS_SAME_IN_EVERY_LANGUAGE }] },
  },
  {
    // Tests print the figures they check (the issue asks for them) and poke at untyped JSON bodies.
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**/*.ts"],
    rules: { "no-console": "off", "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // The CLI scripts print their results; that is their job.
    files: ["scripts/**/*.ts", "scripts/**/*.mjs"],
    rules: { "no-console": "off" },
  },
);
