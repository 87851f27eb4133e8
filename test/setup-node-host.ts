// Installs the Node.js host (src/node-host.ts) in every test file, as the CLI and the language server do.
import { useNodeHost } from '../src/node-host.js';

useNodeHost();
