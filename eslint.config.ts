/**
 * `npm run lint` (and the `lint` tier of `npm test`): typescript-eslint's recommended rules, and the
 * walls of the house as import rules, so a crossing fails before review, whatever path or alias it
 * takes.
 */
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import { defineConfig, globalIgnores } from "eslint/config";
import tseslint from "typescript-eslint";

/** An import climbs at most one folder: further, it goes through an alias (`imports` in package.json). */
const climbs = [
  {
    regex: "^(\\.\\./){2,}",
    message:
      "Climb at most one folder: further, import through an alias (#shared/…, #src/…, #server/…, #locales/…, #content/…).",
  },
];

/** The walls: each zone's files import nothing from its `from` folders. */
const walls = [
  {
    target: "./server",
    from: ["./src"],
    message: "the server imports nothing from the front end: put what both need in shared/",
  },
  {
    target: "./shared",
    from: ["./server", "./src"],
    message: "shared/ stands alone: the server and the browser both run it",
  },
  {
    target: "./src/ui",
    from: ["./src/widgets", "./src/screens"],
    message: "ui/ is the bottom layer: it knows no widget and no screen",
  },
  { target: "./src/widgets", from: ["./src/screens"], message: "a widget knows no screen" },
  {
    target: "./src/screens",
    from: ["./src/routes"],
    message: "a screen knows no route: the route passes it what it needs",
  },
  {
    target: "./server/tools",
    from: ["./server/core"],
    message: "server/tools/ are plain helpers: they know nothing of server/core/",
  },
];

export default defineConfig(
  globalIgnores([
    "build/",
    "build-*/",
    ".react-router/",
    "storybook-static/",
    "test-results/",
    "playwright-report/",
    "pb_data/",
    ".vitest/",
    ".vitest-attachments/",
    "**/__screenshots__/",
    // Compiled by `lingui compile`.
    "locales/**/*.ts",
    "locales/**/*.js",
  ]),
  // Without type information: the type-aware set took 88 s of CPU on the whole tree (2 cores).
  tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createNodeResolver()] },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: walls }],
      "no-restricted-imports": ["error", { patterns: climbs }],
      // The code names what it leaves out with a leading underscore (`{ password: _password, ...rest }`).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // PocketBase's JS hooks and migrations take its types through a reference, as its docs write them,
    // and share code with `require` (each hook runs in a runtime of its own).
    files: ["pocketbase/**"],
    rules: {
      "@typescript-eslint/triple-slash-reference": "off",
      "@typescript-eslint/no-require-imports": "off",
    },
  },
  {
    files: ["shared/**"],
    ignores: ["shared/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: ["react", "react-dom", "react-router", "@lingui/react"].map((name) => ({
            name,
            message: "shared/ holds no React: the server runs it too.",
          })),
          patterns: [
            ...climbs,
            { regex: "^(react|react-dom|react-router|@lingui/react)/", message: "shared/ holds no React." },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...["document", "window", "navigator", "localStorage", "sessionStorage"].map((name) => ({
          name,
          message: "shared/ touches no DOM: the server runs it too.",
        })),
      ],
    },
  },
);
