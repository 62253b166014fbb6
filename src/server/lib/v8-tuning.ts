import v8 from 'node:v8';

// Imported first by main.ts, before the app allocates anything.
//
// V8 moves an allocation site to the old generation once it sees most of its objects survive a young collection.
// A request server under load can trip that for its per-request objects (requests in flight when a collection
// runs), and then every request's garbage goes to the old generation: full collections every few hundred
// milliseconds and twice the CPU per request, for the life of the process, in about half the starts measured
// (decision 034). Nothing this server keeps is made often enough to gain from it.
v8.setFlagsFromString('--no-allocation-site-pretenuring');
