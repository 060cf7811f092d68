/** How clicks raise documents for a keyword (see `clickBoosts`). */
export interface ClickRanking {
  /** A click (and a search) counts half as much after this many days. @default 14 */
  halfLifeDays: number;
  /** The most a document's relevance score is raised: 1 doubles it. @default 1 */
  maxBoost: number;
  /** Searches added to the keyword's count, so a few clicks on a rare keyword move little. @default 5 */
  smoothing: number;
  /**
   * A document is raised for a keyword only once clicks from this many address groups
   * (IPv4 /24, IPv6 /48 networks) counted for it, and more on a keyword searched often (one
   * per 100 searches, see KeywordWeightsParams): one machine, or one party holding a block
   * of addresses, cannot raise anything alone, however many sessions it invents. @default 10
   */
  minAddresses: number;
}

export const DEFAULT_CLICK_RANKING: Readonly<ClickRanking> = { halfLifeDays: 14, maxBoost: 1, smoothing: 5, minAddresses: 10 };

export const DAY_MS = 86_400_000;

/**
 * A click counts for the latest search of its session and keyword in this window before
 * it; a click with no such search is not counted for ranking (a visitor clicks what a
 * search showed them).
 */
export const CLICK_AFTER_SEARCH_MS = 30 * 60_000;

/**
 * Who casts a click's vote for ranking, as the rollups count them: a click counts for a
 * keyword and document once a UTC day per client and per session (both must be new that
 * day), and raises nothing when its sender is unknown (`''`, events kept from before
 * senders were recorded). `client` null (events stored by code in the process): the
 * session stands for the client. The document's count of voters counts `group`s, the
 * sender's address group; an event stored before groups were kept counts its address as
 * a group of its own. Returns the group and the voters to check, or null when the click
 * never counts.
 */
export function clickVoters(client: string | null, group: string | null, session: string): { group: string; voters: string[] } | null {
  if (client === '') return null;
  const who = client ?? `s${session}`;
  return { group: client === null ? who : (group ?? `a${client}`), voters: client === null ? [`a${who}`] : [`a${who}`, `s${session}`] };
}
