/**
 * `site-search-widget/vue`: the widget as a Vue 3 component, over `mount`. It renders an
 * empty `<div>` (all there is on the server) and mounts the widget into it once mounted, on
 * the client; unmounting destroys the widget. Preact comes from the package's peer
 * dependency, as for `mount`: nothing here bundles a second one.
 *
 *   <SiteSearch site-key="KEY" base-url="https://API_HOST" :facets="[{ field: 'area', label: 'Area' }]" @results="count" ref="search" />
 *
 * Also declares `<site-search>` (the script-tag build's element) for Vue's templates.
 */
import { defineComponent, h, onBeforeUnmount, onMounted, ref, watch, type DefineComponent, type PropType } from 'vue';
import type { SearchResponse } from '../client/types.ts';
import type { UrlOptions } from '../core/bindUrl.ts';
import type { SourceOption } from '../core/createSources.ts';
import type { AnalyticsOptions } from '../tracker/createTracker.ts';
import type { Messages } from '../ui/messages.ts';
import { mount, type MountedWidget, type MountOptions } from '../ui/mount.tsx';
import type { FieldLabel, RangeField } from '../ui/WidgetContext.ts';
import { changesFrom } from '../wrappers/changesFrom.ts';
import { handleOf } from '../wrappers/handle.ts';
import type { SiteSearchAttributes } from '../wrappers/SiteSearchAttributes.ts';

export type { SiteSearchHandle } from '../wrappers/handle.ts';
export type { SiteSearchAttributes } from '../wrappers/SiteSearchAttributes.ts';

/** A switch left out stays undefined (the option's default), not Vue's `false` for an absent Boolean prop. */
const unset = { default: undefined } as const;

/** Every `mount` option but `onResults` (the `results` event), each as a prop. */
const props = {
  siteKey: { type: String, required: true },
  baseUrl: { type: String, required: true },
  regionalUrl: String,
  limit: Number,
  placeholder: String,
  layout: String as PropType<'page' | 'overlay'>,
  messages: Object as PropType<Messages>,
  theme: String as PropType<'auto' | 'light' | 'dark'>,
  suggestions: { type: Boolean, ...unset },
  recentSearches: { type: Boolean, ...unset },
  completions: Array as PropType<string[]>,
  url: { type: [Boolean, Object] as PropType<boolean | UrlOptions>, ...unset },
  shortcut: { type: Boolean, ...unset },
  numFacets: Number,
  categoryRoot: String,
  analytics: { type: [Boolean, Object] as PropType<false | AnalyticsOptions>, ...unset },
  userToken: String,
  facets: Array as PropType<FieldLabel[]>,
  rangeFacets: Array as PropType<RangeField[]>,
  categoryFacet: { type: Boolean, ...unset },
  languages: Array as PropType<string[]>,
  dateFilter: { type: Boolean, ...unset },
  sorts: Array as PropType<FieldLabel[]>,
  fields: Array as PropType<FieldLabel[]>,
  headingLevel: Number as PropType<2 | 3 | 4 | 5 | 6>,
  paging: String as PropType<'pages' | 'more'>,
  resultsUrl: String,
  popularSearches: Array as PropType<string[]>,
  sources: [Array, String] as PropType<readonly SourceOption[] | string>,
} satisfies Record<Exclude<keyof MountOptions, 'onResults'>, unknown>;

type Options = Omit<MountOptions, 'onResults'>;

/** The search widget; a template ref to it gets its `search`, `update` and `setConsent` (`SiteSearchHandle`). */
export const SiteSearch = defineComponent({
  name: 'SiteSearch',
  props,
  emits: {
    /** Each answer the widget shows (`onResults` of `mount`). */
    results: (response: SearchResponse) => !!response,
  },
  setup(props, { emit, expose }) {
    const host = ref<HTMLElement>();
    let widget: MountedWidget | undefined;
    // A plain copy of the props: read in the watcher, each is a dependency of it.
    const options = (): Options => Object.fromEntries(Object.keys(props).map((key) => [key, props[key as keyof Options]])) as Options;
    let applied = options();
    expose(handleOf(() => widget));
    onMounted(() => {
      applied = options();
      widget = mount(host.value!, { ...applied, onResults: (response) => emit('results', response) });
    });
    // A parent re-rendering passes new arrays of the same values: only a real change restarts the widget.
    watch(
      options,
      (next) => {
        const changes = widget && changesFrom(applied, next);
        if (!changes) return;
        applied = next;
        widget!.update(changes);
      },
      { deep: true },
    );
    onBeforeUnmount(() => {
      widget?.destroy();
      widget = undefined;
    });
    return () => h('div', { ref: host });
  },
});

/** `site-key` → `siteKey`: Vue's template checker names a component's props so, whatever the template writes. */
type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type CamelKeys<T> = { [K in keyof T as K extends string ? Camel<K> : K]: T[K] };

declare module 'vue' {
  interface GlobalComponents {
    /** The script-tag build's custom element (`site-search-widget/embed` defines it; tell the compiler it is one with `isCustomElement`). */
    'site-search': DefineComponent<CamelKeys<SiteSearchAttributes>>;
  }
}
