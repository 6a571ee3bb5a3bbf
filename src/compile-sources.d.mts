/** Source files under the folders a `julia` process imports, relative to the root; tests and declarations left out. */
export function appSources(root?: string): string[];
/**
 * Brings the compiled tree up to date with the sources and answers the URL of
 * its entry (src/main.js), or null when it cannot be written.
 */
export function compiledEntry(options?: { root?: string; outDir?: string }): string | null;
