/** platlint's version (package.json `version`; test/formats.test.ts checks that the two agree). */
export const VERSION = '0.1.0';
