// The React example app (demo/react-app, React 19 in strict mode) with `site-search-widget/react`.
import { frameworkAppSpecs } from './frameworkApp.ts';

frameworkAppSpecs('react-app', ['tsc', '-p', 'demo/react-app']);
