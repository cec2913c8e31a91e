// Jest transform for PGlite's CommonJS bundle. That bundle loads Node built-ins with dynamic
// `import("fs/promises")` etc., which Jest's module sandbox refuses without
// --experimental-vm-modules. Built-ins are CommonJS anyway, so `require` them instead.
const BUILTIN_IMPORT = /\bimport\((["'])((?:node:)?(?:fs|fs\/promises|zlib|util|stream|stream\/promises|module|path|url|crypto|os))\1\)/g;

module.exports = {
  process(sourceText) {
    // The bundle declares its own local `require` (emscripten's `var require = createRequire(...)`),
    // hoisted over the very line that creates it: keep a handle on the module's real one.
    const code = sourceText.replace(BUILTIN_IMPORT, 'Promise.resolve(__pgliteRequire($1$2$1))');
    return { code: code === sourceText ? code : `var __pgliteRequire = require;${code}` };
  },
  getCacheKey(sourceText, sourcePath) {
    return require('node:crypto').createHash('sha1').update('pglite-cjs-v2').update(sourcePath).update(sourceText).digest('hex');
  },
};
