import { icon } from './Icon.tsx';

/** A magnifier. */
export const SearchIcon = () => icon('m15.5 15.5 5 5M4 10.5a6.5 6.5 0 1 0 13 0 6.5 6.5 0 1 0-13 0', 20);
