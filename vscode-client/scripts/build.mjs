// Bundle the extension into dist/extension.js (CommonJS, as VS Code loads it), vscode left external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/extension.ts"],
  bundle: true,
  platform: "node",
  format: "cjs",
  target: "node20",
  outfile: "dist/extension.js",
  external: ["vscode"],
  minify: true,
  sourcemap: true,
  logLevel: "warning",
});
