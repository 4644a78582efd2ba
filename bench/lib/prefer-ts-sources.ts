/**
 * Import first in a tsx process that loads nodes/ from source. `PrintStore.node.json` (the node's
 * codex file) sits beside `PrintStore.node.ts`, and Node's resolver tries `.json` before tsx's
 * `.ts` for an extensionless `require('./PrintStore.node')`, so the class would come back as the
 * codex JSON. Moving `.json` to the end of the extension list makes the source win, as under jest.
 */
import Module from 'node:module';

const extensions = (Module as unknown as { _extensions: Record<string, unknown> })._extensions;
const json = extensions['.json'];
delete extensions['.json'];
extensions['.json'] = json;
