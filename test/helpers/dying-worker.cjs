// A lint worker thread (src/files/parallel.ts) that dies: it exits with code 70 on the first job it is given, as a
// thread that crashes or runs out of memory does (test/robust.test.ts).
const { parentPort } = require('node:worker_threads');

parentPort.on('message', () => process.exit(70));
