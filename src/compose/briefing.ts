import type { AppDeps } from '../app-deps.js';
import type { Capability } from '../capability.js';
import { createGoogleDocsReader } from '../integrations/google-docs/index.js';
import { briefingSyncHandler } from '../../workers/briefing-sync.js';

/**
 * The daily briefing sync (spec 6): the configured document re-read on
 * schedule, its changes stored as directives and posted to the managers'
 * channel. Scheduled even without a document, so a scheduler left from an
 * earlier configuration finds a handler that does nothing and says so once.
 */
export function composeBriefing(deps: AppDeps): Capability {
  const { config, db, notices, clock, logger } = deps;
  return {
    name: 'briefing',
    handlers: {
      'briefing-sync': briefingSyncHandler({
        db,
        notices,
        clock,
        logger,
        documents: createGoogleDocsReader({ baseUrl: config.GOOGLE_DOCS_BASE_URL }),
        ...(config.BRIEFING_DOC_ID ? { docId: config.BRIEFING_DOC_ID } : {}),
      }),
    },
  };
}
