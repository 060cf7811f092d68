import { icon } from './Icon.tsx';

/** A page with a folded corner: the thumbnail of a result without an image. */
export const DocumentIcon = () => icon('M6 3h8l5 5v13H6zm8 0v5h5M9 13h6m-6 4h6', 28, 1.5);
