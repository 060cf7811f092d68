// The URL of a feature: BCD's `mdn_url` when it has one, else the nearest ancestor's page
// with the sub-feature as fragment, else an MDN-style path derived from the BCD identifier.
import type { BcdFeature } from './bcdFeatures.ts';

const MDN = 'https://developer.mozilla.org/docs/';

/** MDN's folder for each `area.category`; an area alone covers its unlisted categories. */
const MDN_FOLDERS: Record<string, string> = {
  api: 'Web/API',
  'css.at-rules': 'Web/CSS/Reference/At-rules',
  'css.properties': 'Web/CSS/Reference/Properties',
  'css.selectors': 'Web/CSS/Reference/Selectors',
  'css.types': 'Web/CSS/Reference/Values',
  'html.elements': 'Web/HTML/Reference/Elements',
  'html.global_attributes': 'Web/HTML/Reference/Global_attributes',
  'http.headers': 'Web/HTTP/Reference/Headers',
  'http.methods': 'Web/HTTP/Reference/Methods',
  'http.status': 'Web/HTTP/Reference/Status',
  'javascript.builtins': 'Web/JavaScript/Reference/Global_Objects',
  'javascript.classes': 'Web/JavaScript/Reference/Classes',
  'javascript.functions': 'Web/JavaScript/Reference/Functions',
  'javascript.grammar': 'Web/JavaScript/Reference/Lexical_grammar',
  'javascript.operators': 'Web/JavaScript/Reference/Operators',
  'javascript.regular_expressions': 'Web/JavaScript/Reference/Regular_expressions',
  'javascript.statements': 'Web/JavaScript/Reference/Statements',
  'manifests.webapp': 'Web/Progressive_web_apps/Manifest/Reference',
  'mathml.elements': 'Web/MathML/Reference/Element',
  'mathml.global_attributes': 'Web/MathML/Reference/Global_attributes',
  'mediatypes.image': 'Web/Media/Guides/Formats/Image_types',
  'svg.elements': 'Web/SVG/Reference/Element',
  'svg.global_attributes': 'Web/SVG/Reference/Attribute',
  webassembly: 'WebAssembly/Reference',
  webdriver: 'Web/WebDriver/Reference',
  'webextensions.api': 'Mozilla/Add-ons/WebExtensions/API',
  'webextensions.manifest': 'Mozilla/Add-ons/WebExtensions/manifest.json',
  webextensions: 'Mozilla/Add-ons/WebExtensions',
};

export function featureUrl(feature: BcdFeature): string {
  if (feature.compat.mdn_url) return feature.compat.mdn_url;
  const keys = feature.path.slice(1);
  // ancestors[i] is the step at keys[i]; the nearest documented one gives the page.
  for (let i = feature.ancestors.length - 1; i >= 0; i--) {
    const page = feature.ancestors[i]?.compat?.mdn_url;
    if (page) return `${page}${page.includes('#') ? '.' : '#'}${fragment(keys.slice(i + 1))}`;
  }
  return derivedUrl(feature.path);
}

/** An MDN-style URL for a feature no page documents: the top feature as path, the rest as fragment. */
export function derivedUrl(path: readonly string[]): string {
  const [area = '', category = ''] = path;
  const categoryFolder = MDN_FOLDERS[`${area}.${category}`];
  const folder = categoryFolder ?? MDN_FOLDERS[area] ?? `Web/${area}`;
  const rest = path.slice(categoryFolder === undefined ? 1 : 2);
  // API pages are per interface member; elsewhere one page per top feature.
  const pageDepth = area === 'api' || category === 'builtins' ? 2 : 1;
  const page = rest.slice(0, pageDepth).map(encodeURIComponent).join('/');
  const sub = rest.slice(pageDepth);
  return `${MDN}${folder}/${page}${sub.length > 0 ? `#${fragment(sub)}` : ''}`;
}

function fragment(keys: readonly string[]): string {
  return keys.map(encodeURIComponent).join('.');
}
