import { useSignal } from '@preact/signals';
import { batch, computed, effect, signal } from '@preact/signals-core';
import { Fragment, h, render } from 'preact';
import { useEffect, useId, useLayoutEffect, useMemo, useRef } from 'preact/hooks';
import { createClient } from '../client/createClient.ts';
import { hostFor } from '../client/hosts.ts';
import { capTerm } from '../core/capTerm.ts';
import { createLatest } from '../core/createLatest.ts';
import { createSearchController } from '../core/createSearchController.ts';
import { countFilters, readNumber, readRange, setRange, toggleValue } from '../core/searchState.ts';
import { displayUrl, safeLinkUrl, safeText } from '../core/safeUrl.ts';
import { checkTarget } from '../ui/checkTarget.ts';
import { ClearIcon } from '../ui/ClearIcon.tsx';
import { Heading } from '../ui/Heading.tsx';
import { icon } from '../ui/Icon.tsx';
import { lockScroll } from '../ui/lockScroll.ts';
import { countedName, dateFormat, en, format, intl } from '../ui/messages.ts';
import { resultItem } from '../ui/ResultItem.tsx';
import { Results } from '../ui/Results.tsx';
import { PageBody, SearchWidget } from '../ui/SearchWidget.tsx';
import { SearchIcon } from '../ui/SearchIcon.tsx';
import { trackSearch } from '../ui/trackSearch.ts';
import { wrapTab } from '../ui/wrapTab.ts';
import { SearchContext, useSearchController } from '../ui/SearchContext.ts';
import { themeClass } from '../ui/themeClass.ts';
import { Thumbnail } from '../ui/Thumbnail.tsx';
import { useWidget } from '../ui/WidgetContext.ts';
import { loadScript } from './loadScript.ts';
import { beside, pinned, script } from './scriptUrl.ts';

/**
 * The names of SHARED_MODULES, lent to `site-search.more.js` (see sharedModules.ts), as a
 * list in their order there: that file reads them by their place, which is shorter in both files.
 */
export const shared = [
  Fragment,
  h,
  render,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useId,
  batch,
  signal,
  computed,
  effect,
  useSignal,
  useSearchController,
  SearchContext,
  useWidget,
  en,
  format,
  countedName,
  intl,
  dateFormat,
  Heading,
  ClearIcon,
  SearchIcon,
  icon,
  resultItem,
  Results,
  SearchWidget,
  PageBody,
  wrapTab,
  lockScroll,
  capTerm,
  countFilters,
  readRange,
  setRange,
  toggleValue,
  readNumber,
  Thumbnail,
  themeClass,
  checkTarget,
  displayUrl,
  safeLinkUrl,
  safeText,
  createLatest,
  createSearchController,
  trackSearch,
  createClient,
  hostFor,
  beside,
  pinned,
  script,
  loadScript,
];
