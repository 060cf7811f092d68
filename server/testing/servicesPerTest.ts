import { afterEach } from 'vitest';
import type { AppOptions } from '../app.ts';
import { startService, type TestService } from './service.ts';

/**
 * For tests that each start services of their own settings: returns what starts one,
 * and closes and removes every service a test started once it ends. Call it inside a
 * `describe`. `start` is `startService` (a socket) unless given, e.g. `injectService`.
 */
export function servicesPerTest(
  start: (options: Partial<AppOptions>) => Promise<TestService> = startService,
): (options?: Partial<AppOptions>) => Promise<TestService> {
  const services: TestService[] = [];
  afterEach(async () => {
    for (const service of services.splice(0)) {
      await service.close();
      service.remove();
    }
  });
  return async (options = {}) => {
    const service = await start(options);
    services.push(service);
    return service;
  };
}
