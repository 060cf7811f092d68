import { useSignal } from '@preact/signals';
import type { SearchHit } from '../client/types.ts';
import { b64ImageSrc, safeImageSrc } from '../core/safeUrl.ts';
import { DocumentIcon } from './DocumentIcon.tsx';

export interface ThumbnailProps {
  /** Its `images.main`, else its `thumbnail_external_src`, over the inline `images.main_b64`. */
  hit: Pick<SearchHit, 'images' | 'thumbnail_external_src'>;
  /** Make the images only once the box nears the screen: for a result far down a long list. */
  whenNear?: boolean;
}

/**
 * The thumbnail of a result. The inline `main_b64` paints at once, blurred; the real
 * image loads lazily over it and fades in. `whenNear`: neither is made before the box
 * nears the screen; until then it is empty, which CSS makes `content-visibility: auto`,
 * and the browser says when it stops skipping it (a browser that cannot say gets both at
 * once). So a long list paints its text without making and decoding hundreds of images
 * first. `alt=""`: the title beside it names the result, so the image would only repeat
 * it. Without any image, or when the image fails (its blurred placeholder would then stay
 * a blur for good), a document icon stands in. The width and height (the box size, also
 * set in CSS) reserve the space before CSS loads.
 */
export function Thumbnail({ hit: { images, thumbnail_external_src }, whenNear }: ThumbnailProps) {
  // -1 not made yet (off screen), 0 loading, 1 loaded, 2 failed.
  const image = useSignal(whenNear && 'ContentVisibilityAutoStateChangeEvent' in globalThis ? -1 : 0);
  const state = image.value;
  // Off screen, the sources are not even checked yet: one that fails the check shows the icon once near.
  if (state < 0 && (images?.main_b64 || images?.main || thumbnail_external_src))
    return (
      <div class="ss-thumb" {...{ onContentVisibilityAutoStateChange: (event: ContentVisibilityAutoStateChangeEvent) => event.skipped || (image.value = 0) }} />
    );
  const placeholder = b64ImageSrc(images?.main_b64);
  const src = safeImageSrc(images?.main) ?? safeImageSrc(thumbnail_external_src);
  const img = { alt: '', width: 64, height: 64, decoding: 'async' } as const;

  return (
    <div class={state === 1 ? 'ss-thumb ss-thumb-loaded' : 'ss-thumb'}>
      {placeholder && state < 2 ? <img class="ss-thumb-placeholder" src={placeholder} {...img} /> : state !== 1 && <DocumentIcon />}
      {src && state < 2 && <img class="ss-thumb-image" src={src} {...img} loading="lazy" onLoad={() => (image.value = 1)} onError={() => (image.value = 2)} />}
    </div>
  );
}
