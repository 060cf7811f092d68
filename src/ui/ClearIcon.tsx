import { icon } from './Icon.tsx';

/** A cross. */
export const ClearIcon = () => icon('m6 6 12 12M18 6 6 18', 18);
