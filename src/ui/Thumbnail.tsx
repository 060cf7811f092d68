import { useState } from 'preact/hooks';
import type { HitImages } from '../client/types.ts';
import { b64ImageSrc, safeImageSrc } from '../core/safeUrl.ts';
import { DocumentIcon } from './DocumentIcon.tsx';

export interface ThumbnailProps {
  images: HitImages | null | undefined;
  /** Used when `images.main` is empty. */
  fallbackSrc?: string | null | undefined;
}

/** The image's box size, also set in CSS; the attributes reserve the space before CSS loads. */
const SIZE = 64;

/**
 * The thumbnail of a result. The inline `main_b64` paints at once, blurred; the real
 * image loads lazily over it and fades in. `alt=""`: the title beside it names the
 * result, so the image would only repeat it. Without any image, or when the image
 * fails and there is no placeholder, a document icon stands in.
 */
export function Thumbnail({ images, fallbackSrc }: ThumbnailProps) {
  const placeholder = b64ImageSrc(images?.main_b64);
  const src = safeImageSrc(images?.main) ?? safeImageSrc(fallbackSrc);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const showImage = src !== null && !failed;

  return (
    <div class={loaded ? 'ss-thumb ss-thumb-loaded' : 'ss-thumb'}>
      {placeholder !== null && (
        <img class="ss-thumb-placeholder" src={placeholder} alt="" width={SIZE} height={SIZE} decoding="async" />
      )}
      {placeholder === null && !loaded && <DocumentIcon />}
      {showImage && (
        <img
          class="ss-thumb-image"
          src={src}
          alt=""
          width={SIZE}
          height={SIZE}
          loading="lazy"
          decoding="async"
          // A cached image may have loaded before the listener was attached.
          ref={(el) => {
            if (el?.complete && el.naturalWidth > 0) setLoaded(true);
          }}
          onLoad={() => setLoaded(true)}
          onError={() => {
            setFailed(true);
            setLoaded(false);
          }}
        />
      )}
    </div>
  );
}
