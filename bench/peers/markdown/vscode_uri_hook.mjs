// vscode-markdown-languageservice 0.5.0 imports vscode-uri's default export, which only the package's
// CommonJS build provides; send that import to the CommonJS build.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const commonJsBuild = pathToFileURL(createRequire(import.meta.url).resolve('vscode-uri')).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'vscode-uri') {
    return { url: commonJsBuild, format: 'commonjs', shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
