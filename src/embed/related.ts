/**
 * `site-search.related.js`: the related-items row, which `site-search.more.js` loads when a
 * page mounts one (relatedFile.ts). It runs on the script's Preact, signals and client and on
 * the tracker of `site-search.more.js`, which it reads from them (vite.config.ts).
 */
import { en } from '../ui/messages.ts';
import { enRelated } from '../ui/messagesLater.ts';
import { mountRecommendations } from '../ui/mountRecommendations.tsx';
import { RELATED_KEY } from './sharedModules.ts';

// The script's `en` lacks the row's words (lazyMessages.ts): they come with it.
Object.assign(en, enRelated);

(globalThis as { [key: symbol]: unknown })[Symbol.for(RELATED_KEY)] = mountRecommendations;
