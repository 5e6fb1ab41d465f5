import path from 'node:path';

/**
 * Where the build leaves the page's inline start (page-start.ts bundled by page-start-build.ts), under the project
 * root in a folder git and the linter ignore (`.next-*`); read by the server that writes it into episode pages
 * (page-start-script.ts). Its own module so the server's bundle never takes in esbuild.
 */
export const PAGE_START_FILE = path.join('.next-generated', 'player-page-start.js');

/** The global the bundle defines (an IIFE's result); the page's script calls its `runPageStart`. */
export const PAGE_START_GLOBAL = '__kiligPageStart';
