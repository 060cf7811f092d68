import { describe, expect, it } from 'vitest';
import { lastDays, presetOf, rangeProblem } from './dashboardDates.ts';

const now = Date.parse('2026-03-10T23:30:00Z');

describe('dashboard dates', () => {
  it('counts presets back from the UTC day of now, today included', () => {
    expect(lastDays(7, now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(lastDays(30, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(presetOf({ from: '2026-03-04', to: '2026-03-10' }, [7, 30], now)).toBe(7);
    expect(presetOf({ from: '2026-03-03', to: '2026-03-10' }, [7, 30], now)).toBeNull();
  });

  it('says what is wrong with a range', () => {
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-01' }, 366)).toBeNull();
    expect(rangeProblem({ from: '', to: '2026-03-01' }, 366)).toBe('Enter a start date.');
    expect(rangeProblem({ from: '2026-03-02', to: '2026-03-01' }, 366)).toMatch(/on or before/);
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-02' }, 366)).toBe('Choose at most 366 days.');
    expect(rangeProblem({ from: '2025-01-01', to: '2026-01-01' }, 366)).toBeNull();
  });
});
