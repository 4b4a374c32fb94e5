// ESLint for the whole repository: typescript-eslint (type-aware), React hooks and jsx-a11y.
// `npm run lint` (and so `npm test`) runs it with --max-warnings 0: any finding fails the run.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "build-*/", "data/", ".react-router/", "node_modules/", "coverage/", "test-results/", "playwright-report/", ".bench/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Loaders and actions throw responses (404, 403, 503) for the error boundary to render.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "react-router", name: ["DataWithResponseInit", "UNSAFE_DataWithResponseInit"] },
          ],
        },
      ],
    },
  },
  { files: ["**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["**/*.tsx"],
    rules: {
      // The testimonials carousel is a focusable, labelled <section> (a region) that the arrow keys
      // move: the keyboard equivalent of its Previous/Next buttons.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: ["section"], roles: ["tabpanel"], allowExpressionValues: true }],
      "jsx-a11y/no-noninteractive-element-interactions": [
        "error",
        {
          handlers: ["onClick", "onError", "onLoad", "onMouseDown", "onMouseUp", "onKeyPress", "onKeyDown", "onKeyUp"],
          alert: ["onKeyUp", "onKeyDown", "onKeyPress"],
          body: ["onError", "onLoad"],
          // A click on a modal <dialog>'s backdrop closes it: a pointer shortcut for Escape and the close button.
          dialog: ["onKeyUp", "onKeyDown", "onKeyPress", "onClick"],
          iframe: ["onError", "onLoad"],
          img: ["onError", "onLoad"],
          section: ["onKeyDown"],
        },
      ],
    },
  },
  reactHooks.configs.flat.recommended,
  {
    // The import graph: no circle (runtime imports; a type-only import is erased), and the islands
    // in two floors (docs/decisions/0027): the kit (app/islands) below the components, the browser
    // boot (app/boot) on top, imported by nothing in the app. `~/` resolves through tsconfig.json.
    files: ["app/**/*.{ts,tsx}", "scripts/**/*.{ts,mts,js,mjs}", "server/**/*.{ts,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: ["app/!(boot)/**", "app/*"],
              from: "app/boot",
              message: "The browser boot is the top floor: the islands build starts from it, nothing in the app imports it.",
            },
            {
              target: ["app/server", "app/lib/*"],
              from: "app/lib/browser",
              message: "app/lib/browser runs only in the browser (window, DOM, client stores): the server and the shared rules do not import it.",
            },
            {
              target: "app/islands",
              from: ["app/components", "app/routes", "app/boot", "app/server", "app/root.tsx"],
              message: "The island kit is below the components: it imports none of them, nor the boot or the server.",
            },
          ],
        },
      ],
    },
  },
  {
    // A file reads as one thing: at most 300 lines (blank lines and comments count, as `wc -l`
    // does), the test suites included. Copy and data (app/content) are lists, not modules, and are left out.
    files: ["app/**/*.{ts,tsx}", "scripts/**/*.{ts,mts,js,mjs}", "server/**/*.{ts,js,mjs}", "tests/**/*.{ts,tsx,mjs}", "*.{ts,js,mjs}"],
    ignores: ["app/content/**"],
    rules: { "max-lines": ["error", { max: 300, skipBlankLines: false, skipComments: false }] },
  },
);
