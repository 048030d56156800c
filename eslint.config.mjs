// @ts-check
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const frameworkFreeMessage =
  "lib/ is framework-free: the same code runs in Node (tests, CLI), a Web Worker and server routes. " +
  "Put UI code in components/ or app/ and pass data in.";

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
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "react", message: frameworkFreeMessage },
            { name: "react-dom", message: frameworkFreeMessage },
            { name: "zustand", message: frameworkFreeMessage },
            { name: "monaco-editor", message: frameworkFreeMessage },
            { name: "@monaco-editor/react", message: frameworkFreeMessage },
            { name: "recharts", message: frameworkFreeMessage },
          ],
          patterns: [
            { group: ["next", "next/*"], message: frameworkFreeMessage },
            { group: ["react/*", "react-dom/*", "zustand/*", "monaco-editor/*"], message: frameworkFreeMessage },
            { group: ["@/components/*", "@/app/*", "../components/*", "../app/*"], message: frameworkFreeMessage },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "window", message: frameworkFreeMessage },
        { name: "document", message: frameworkFreeMessage },
        { name: "localStorage", message: frameworkFreeMessage },
        { name: "navigator", message: frameworkFreeMessage },
      ],
    },
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
