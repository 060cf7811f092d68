import { icon } from './Icon.tsx';

/** A clock with an arrow turning back: a recent search. */
export const HistoryIcon = () => icon('M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5M3.5 4v4.5H8M12 7.5V12l3 2', 18, 1.75);
