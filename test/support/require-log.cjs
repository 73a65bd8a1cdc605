// Logs every CommonJS module loaded (Module._load) to the file named by TSIWS_RESOLVE_LOG, so the
// start-up test also sees packages loaded through require (libxmljs2 is CommonJS).
const Module = require('node:module');
const { appendFileSync } = require('node:fs');
const load = Module._load;
Module._load = function logged(request, parent, isMain) {
  const exported = load.call(this, request, parent, isMain);
  try {
    appendFileSync(process.env.TSIWS_RESOLVE_LOG, `${Module._resolveFilename(request, parent, isMain)}\n`);
  } catch {
    // a built-in module has no file name to log
  }
  return exported;
};
