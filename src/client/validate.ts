import { SearchApiError } from './errors.ts';

/** A request the client refuses to send, naming the field at fault. */
export function invalidParameter(parameter: string, message: string): SearchApiError {
  return new SearchApiError({ status: 0, code: 'invalid_parameter', message, parameter });
}

/** Throws unless `value` (when given) has at most `max` characters. */
export function checkMaxLength(parameter: string, value: string | undefined, max: number): void {
  if (value !== undefined && value.length > max) {
    throw invalidParameter(parameter, `${parameter} must have at most ${max} characters (got ${value.length})`);
  }
}

/** Throws unless `value` (when given) is an integer from `min` to `max`. */
export function checkInteger(parameter: string, value: number | undefined, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw invalidParameter(parameter, `${parameter} must be an integer ${range} (got ${String(value)})`);
  }
}

/** Throws unless `value` is a non-empty string. */
export function checkRequired(parameter: string, value: unknown): asserts value is string {
  if (typeof value !== 'string' || value === '') throw invalidParameter(parameter, `${parameter} is required`);
}
