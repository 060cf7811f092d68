import { signal } from '@preact/signals-core';
import { Fragment, h, render } from 'preact';
import { useEffect } from 'preact/hooks';
import { createClient } from '../client/createClient.ts';
import { hostFor } from '../client/hosts.ts';
import { displayUrl, safeLinkUrl, safeText } from '../core/safeUrl.ts';
import { en } from '../ui/messages.ts';
import { Thumbnail } from '../ui/Thumbnail.tsx';

/** The modules of SHARED_MODULES, lent to `site-search.more.js` (see sharedModules.ts). */
export const shared = { Fragment, h, render, useEffect, signal, en, Thumbnail, displayUrl, safeLinkUrl, safeText, createClient, hostFor };
