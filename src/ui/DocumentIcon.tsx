import { icon } from './Icon.tsx';

/** A page with a folded corner: the thumbnail of a result without an image. */
export const DocumentIcon = () => icon('M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zm7 0v5h5M9 13h6m-6 4h6', 28, 1.5);
