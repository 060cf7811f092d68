import { createPace, type Pace } from './pace.ts';

/** The most indices one box searches: each slot sends one request to each, and the API takes 5 a second. */
export const MAX_SOURCES = 5;

/**
 * The pace of one endpoint whose every slot sends a request to each of `count` indices at
 * once: a slot counts as `count` requests of the API's 5 a second per endpoint and address,
 * so there are `5 / count` slots a second (rounded down, at least 1), evenly apart.
 */
export function createSlotPace(count: number, gapMs = 200): Pace {
  const slots = Math.max(1, Math.floor(MAX_SOURCES / count));
  return createPace(Math.max(gapMs, Math.ceil(1000 / slots)), slots);
}

/**
 * One pace shared by `count` searches to the same endpoint (one per index, the
 * `sources` option), as `count` paces to hand to their controllers. The API's 5 requests
 * a second are per endpoint and address, whatever the index, so the searches do not get
 * a slot each: a slot sends every one that waits at once (those asked for in the same
 * task: typing sets every source's term together), and counts as `count` requests. With 2
 * sources that is 2 slots a second, 500 ms apart; with 3 to 5, one. Each member still
 * replaces what it has waiting, and its controller cancels and aborts its own request.
 */
export function createGroupPace(count: number, gapMs = 200): Pace[] {
  const pace = createSlotPace(count, gapMs);
  const waiting = new Map<number, () => unknown>();
  let urgent = false;
  let queued = false;

  /** The slot has come: sends what waits, settled once all are answered (or one failed). */
  function sendAll() {
    const sends = [...waiting.values()];
    waiting.clear();
    urgent = false;
    const requests = sends.map((send) => send());
    // Every request surely arrived by the time the fastest one says it spent, counted from
    // the last answer; a failure (an abort, maybe on its way still) counts as the pace's own.
    return Promise.all(requests.map((request) => Promise.resolve(request))).then((times) =>
      Math.min(...times.map((ms) => (typeof ms === 'number' && ms > 0 ? ms : 0))),
    );
  }

  function schedule() {
    queued = false;
    if (waiting.size) pace(sendAll, urgent);
  }

  return Array.from({ length: count }, (_, index) => {
    const member = (send: () => unknown, isUrgent = false) => {
      waiting.set(index, send);
      urgent ||= isUrgent;
      // After the task: the other sources' searches of the same key join this slot.
      if (!queued) Promise.resolve().then(schedule, undefined);
      queued = true;
    };
    member.cancel = () => {
      waiting.delete(index);
      if (!waiting.size) pace.cancel();
    };
    return member;
  });
}
