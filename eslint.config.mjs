// ESLint over every package: type-aware typescript-eslint, import cycles and the
// boundaries between our packages. `npm run lint` runs it; `npm test` runs that.
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

const TS = ["**/*.ts", "**/*.mts", "**/*.cts"];

/**
 * Our workspace packages a file matching `files` may import, at run time or as types
 * (`types` names those allowed only through `import type` / `import { type … }`).
 * Everything else under `@yourtrumps/` is an error.
 */
function boundary(name, files, { may = [], types = [] }) {
  const ours = (names) => names.map((n) => n.replace("@yourtrumps/", "")).join("|");
  const notOneOf = (names) => (names.length === 0 ? "" : `(?!(?:${ours(names)})(?:/|$))`);
  const message = `${name} may import ${may.length === 0 ? "none of our packages" : may.join(", ")}${types.length === 0 ? "" : ` (and types from ${types.join(", ")})`}.`;
  const patterns = [{ regex: `^@yourtrumps/${notOneOf([...may, ...types])}`, message }];
  if (types.length > 0) {
    patterns.push({ regex: `^@yourtrumps/(?:${ours(types)})(?:/|$)`, allowTypeImports: true, message });
  }
  return {
    name: `boundaries/${name}`,
    files,
    plugins: { "@typescript-eslint": tseslint.plugin }, // for the JavaScript files here too (the "typescript" block registers it for .ts only)
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns }],
      // no-restricted-imports does not look at import(): any dynamic import of ours not allowed at run time.
      "no-restricted-syntax": [
        "error",
        {
          selector: `ImportExpression[source.value=/${`^@yourtrumps/${notOneOf(may)}`.replaceAll("/", "\\u002F")}/]`, // esquery: no "/" inside a regex
          message,
        },
      ],
    },
  };
}

export default defineConfig(
  globalIgnores([
    "**/node_modules/",
    "**/dist/",
    "**/dist-e2e/",
    "**/.runs/",
    "**/coverage/",
    "**/artifacts/",
    "**/.turbo/",
    "**/*.d.ts",
  ]),

  {
    name: "javascript",
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },

  {
    name: "typescript",
    files: TS,
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    plugins: { "import-x": importX },
    languageOptions: {
      parserOptions: {
        projectService: true, // each file's nearest tsconfig.json (each package's includes its tests)
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      // import-x reads .ts dependencies (for no-cycle) only when told they are modules it can parse.
      "import-x/extensions": [".ts", ".mts", ".cts", ".js", ".mjs", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".mts", ".cts"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["packages/*/tsconfig.json", "apps/*/tsconfig.json"],
          noWarnOnMultipleProjects: true, // one tsconfig per package is how this repository is laid out
        }),
      ],
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { prefer: "type-imports", fixStyle: "inline-type-imports" }, // the code's style: `import type {…}`, or `type X` inside a mixed import
      ],
      "@typescript-eslint/no-import-type-side-effects": "error", // with verbatimModuleSyntax, `import { type A }` alone would stay a run-time import
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          args: "after-used",
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-relative-packages": "error", // another workspace only by its package name, so the boundaries below see it
    },
  },

  {
    // Seeds, tokens and table codes are secrets: a guessable one reveals every hidden card
    // or someone's seat. The engine draws from its seeded Rng, the server from node:crypto.
    name: "no Math.random where secrets are made",
    files: ["packages/engine/src/**/*.ts", "apps/server/src/**/*.ts"],
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "use node:crypto (server) or the seeded Rng (engine)" },
      ],
    },
  },

  boundary("packages/engine", ["packages/engine/**"], {}),
  boundary("packages/ai", ["packages/ai/**"], { may: ["@yourtrumps/engine"] }),
  boundary("packages/protocol", ["packages/protocol/**"], { may: ["@yourtrumps/engine", "@yourtrumps/ai"] }),
  boundary("apps/server", ["apps/server/**"], {
    may: ["@yourtrumps/engine", "@yourtrumps/ai", "@yourtrumps/protocol"],
  }),
  boundary("apps/client", ["apps/client/**"], {
    may: ["@yourtrumps/engine", "@yourtrumps/ai", "@yourtrumps/protocol"],
    types: ["@yourtrumps/server"],
  }),
  // Browser tests and the client benchmark boot a real server. Today they spawn
  // apps/server/dist/main.js by path (no import); booting it in-process through the package
  // (`startServer` from "@yourtrumps/server") is allowed too: nothing here reaches the bundle.
  boundary("apps/client/e2e and bench", ["apps/client/e2e/**", "apps/client/bench/**"], {
    may: ["@yourtrumps/engine", "@yourtrumps/ai", "@yourtrumps/protocol", "@yourtrumps/server"],
  }),
);
