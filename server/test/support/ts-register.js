// Lets a child process (e.g. the worker entry in a kill-and-restart test) run the server's
// TypeScript directly, compiled per file exactly as Jest compiles it (jest.transform.js).
const fs = require('node:fs');
const transform = require('../../jest.transform');

require.extensions['.ts'] = (module, filename) => {
  module._compile(transform.process(fs.readFileSync(filename, 'utf8'), filename).code, filename);
};
