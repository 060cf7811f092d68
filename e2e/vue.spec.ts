// The Vue example app (demo/vue-app, Vue 3) with `site-search-widget/vue`.
import { frameworkAppSpecs } from './frameworkApp.ts';

frameworkAppSpecs('vue-app', ['vue-tsc', '-p', 'demo/vue-app']);
