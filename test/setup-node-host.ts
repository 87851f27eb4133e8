// Installs the Node.js host (src/files/node-host.ts) in every test file, as the CLI and the language server do.
import { useNodeHost } from '../src/files/node-host.js';

useNodeHost();
