/* global module */
// node-polyglot (under ra-i18n-polyglot) requires the `object.entries` polyfill, which drags
// es-abstract helpers (get-intrinsic, call-bind, ...) into the first bundle; every browser the
// back office supports has Object.entries, so vite.config.ts points the package here.
module.exports = Object.entries;
