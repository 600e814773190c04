// Injected into the CommonJS bundle of the CLI (scripts/build.mjs): what `import.meta.url` is in
// the sources that use it, the bundle's own file as a URL.
/* global require, __filename */
export const __agentlogModuleUrl = require('node:url').pathToFileURL(__filename).href;
