// Type-checked only (tsconfig.json), never bundled: the script-tag build's element in JSX,
// which the React entry declares.
import type {} from 'site-search-widget/react';

export const element = <site-search site-key="demo" api="https://search.example.com" facets="area:Area" layout="overlay" shortcut className="search" />;
