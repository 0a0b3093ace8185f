// ESLint for the page's modules and their unit tests (npm run check).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["src/scarab/server/static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.browser },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      eqeqeq: "error",
      "prefer-const": "error",
      "no-var": "error",
      // small modules and functions (issue 56): a module of at most 600 lines as `wc -l`
      // counts them (blank lines and comments too), a function of at most 100 lines of
      // code (its blank lines and comments not counted, so that explaining costs nothing)
      "max-lines": ["error", { max: 600, skipBlankLines: false, skipComments: false }],
      "max-lines-per-function": ["error", { max: 100, skipBlankLines: true, skipComments: true }],
      // a local named like an import hides it: "t" (the translator) shadowed by a table
      "no-shadow": ["error", { builtinGlobals: false }],
    },
  },
  {
    files: ["tests/js/**/*.js", "tests/js/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
];
