// `npm start`: build the web app and the server when missing or stale, then run the compiled server.
import { pathToFileURL } from 'node:url';
import { builtServer, ensureBuild } from './build.mjs';

await ensureBuild();
await import(pathToFileURL(builtServer).href);
