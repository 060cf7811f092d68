/**
 * `site-search.more.js`: what the script-tag file loads only once it is needed (see
 * loadMore.ts): the facets, the analytics tracker and the related-items row. It imports
 * Preact, the signals, the contexts and the client from the script that loaded it
 * (sharedModules.ts).
 */
import { createTracker } from '../tracker/createTracker.ts';
import { FacetPanel } from '../ui/FacetPanel.tsx';
import { mountRecommendations } from '../ui/mountRecommendations.tsx';
import { MORE, type More } from './loadMore.ts';

(globalThis as { [MORE]?: More })[MORE] = { createTracker, mountRecommendations, FacetPanel };
