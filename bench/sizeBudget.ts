/**
 * The script-tag build's size budget: what a page loads first, `dist/embed/site-search.js`
 * plus `site-search.css`, brotli quality 11, as a CDN would serve them, with every feature
 * and the official Preact and signals packages inside (issue #14). What it loads only when
 * needed (`site-search.more.js`: the facets with the first search, the tracker once there
 * is something to report, and what loads the related items, in `site-search.related.js`,
 * when they are mounted) is reported beside it. `npm run bench` reports against it.
 */
export const EMBED_BUDGET_BYTES = 24 * 1024;

/**
 * What the size test enforces: the size the build has reached. It only moves down; a new
 * feature raises it by what the feature costs, and says so, and never past the budget.
 * A change that makes the build bigger than this fails the test.
 */
// 24,455 (from 24,216): the overlay as one list (recent or popular searches, results, "See
// all N results"), the count said once typing pauses, "N suggestions", visible focus and focus
// kept where a control goes, history entries for submitted searches, isolated words in
// right-to-left pages; the overlay's list, the pager, "Show more results", the skip link
// and the empty state moved to the part loaded later to stay within the budget.
// 24,480 (+25): the widget's 10-word cap counts the words the service searches (capTerm, 9
// bytes), and the rest the integrity hashes of the later files, which differ build to build.
// 24,187 (-293): the suggestion dropdown's options load with the first key typed (or the
// first recent searches shown), from the part loaded later.
// 23,705 (-482): the filter chips load beside the first search, from the part loaded later,
// and their labels go with them.
// 23,961 (+256): the site's query rules in the widget: a promotion's "Promoted" label, a
// redirect offered first in the dropdown and followed on Enter, and `onResults`.
// 23,966 (+5): while the phone's filter panel is open, its history entry takes the URL's changes.
// 24,014 (+48): the results page's dropdown holds 5 rows, none the title of a result on screen.
// 24,109 (+95): eleven languages beside English, picked from `data-lang` or the page's
// `<html lang>`, a site's own words through `data-messages`, "Strg K" in German; each
// language's file is pinned from the part loaded later, not from the script.
// 24,114 (+5): icons sized in rem, so that they grow with a page's larger root font.
// 24,140 (+26): the `userToken` option (data-user-token) sent with searches, for personal results.
// 24,238 (+98): the pager's line where it stops at page 100, in every language; an empty or
// failed search without facets takes the whole width.
// 24,294 (+56): the overlay opener never wider than its place, whatever the root font: what
// does not fit (the key hint, then the word) wraps onto a line that is cut off.
// 24,369 (+75): a section of a page (a URL with a fragment) shows its name after the page's URL, never cut off.
// 24,434 (+65): a long value facet's search field: its two phrases in English (about 20
// bytes) and its "No matching values" line's spacing (14); the rest the integrity hashes of
// the later files, whose brotli size moves by tens of bytes from one hash to another.
// 24,390 (-44): only the later file's hash changed, for the overlay's redirect option.
// 24,430 (+40): a hit's title marked by the service (titleHighlight), read before the
// widget's own marking; and the later file's hash again.
// 24,480 (+39, measured 24,461): each endpoint's 5 requests a second counted from when they surely reached the
// service (their answers), so requests bunched on their way never make 6 there.
// 24,500 (+20, measured 24,489): the redirect's address kept whole on a line of its own, and the active "Go to" ringed like a result.
// 24,545 (+45, measured 24,528): a hit's sections (sub-results under it): the colour, hover and ring of
// their links, the lazy stand-in that draws them from the part loaded later, and the tracker's
// reading of which hit an overlay option shows; their layout comes with them, from the part loaded later.
// 24,570 (+25, measured 24,568): `mount`'s `sources` option, which the script tag does not take yet: the branch
// to it and the stand-in that says so (50 bytes), less 25 from the result parts' stand-ins written once.
// 24,575 (+5, measured 24,571; the change itself 23 bytes, from 24,548 the same day): a section's hit keeps its
// page's last step beside the section name, so a cut URL reads "…/HTML/…dialog#open", not "…/We…#open".
// 24,390 (-185, measured 24,375 from 24,562 the same day): what only the overlay's list shows moves to the part
// loaded later, which the overlay loads when it first opens: the key hints under the list and their words (-90),
// and the styles of "See all N results", of a rule's redirect card and of the overlay's "No recent searches" line,
// now set on those elements by the parts that draw them (-97). The field, its close button and the count stay.
// 24,535 (+145, measured 24,520): several indices through the script tag: `data-sources` (and the element's
// `sources`) read, their file loaded before the widget mounts, and the widget, its page under the box and the
// modules their file runs on lent to it, less the stand-in's message, gone.
// 24,560 (+25, measured 24,559 from 24,520): the suggestions take another way of asking and another
// pace (how several indices ask, each in its own group of the results page's dropdown), and one index's
// way of asking is a function of its own, which that of several calls per index.
// 24,570 (+10, measured 24,566 with both changes of the day): Enter and typed searches both dated by
// their keys in the URL's history (+8 alone).
// 24,575 (+5, measured 24,572): the tracker hears a click on its way down, before an overlay's option
// follows its address, so that the click is sent before the page leaves (+14, less what its listener's
// options and a group's note gave back). 4 bytes are left under the budget: what the first load gains
// next must make its own room.
export const EMBED_CEILING_BYTES = 24_575;

/** The files of the script-tag build whose brotli sizes count against the budget. */
export const EMBED_FILES = ['site-search.js', 'site-search.css'] as const;

/** What the script-tag build loads later, when needed; it has a ceiling of its own, which moves the same way. */
export const EMBED_LATER_FILE = 'site-search.more.js';
// 6,481 (from 4,349): with the overlay's list, the pager, "Show more results", the skip link, the empty state and the chosen section's name.
// 6,797 (+316): with the suggestion dropdown's options.
// 7,257 (+460): with the filter chips and their labels.
// 7,402 (+145): the redirect's "Go to" option, and the typed part marked where a space stands for a dot.
// 7,569 (+167): Back closes the phone's filter panel first, keeping the filters chosen in it.
// 8,112 (+543): with the hashes of the eleven language files and their loading.
// 8,117 (+5): the same for its icons.
// 8,151 (+34): the tracker sends the `userToken` option with clicks (never one over 64 characters).
// 8,197 (+46): the pager says where it stops, and the language files' hashes change with their new line.
// 8,462 (+265): a long value facet's search field, which narrows its values by word starts; the language files' hashes change with their new lines.
// 8,606 (+144): the overlay offers a query rule's redirect as its first option.
// 8,690 (+84, measured 8,665): the seam of the service-marked title and the redirect's address label.
// 9,510 (+820, measured 9,493): a hit's sections, under it on the results page and as options of their own in the overlay's list, with their layout.
// 9,765 (+255, measured 9,740): the overlay's groups of results, one per index, for several sources.
// 9,780 (+15; measured 9,754 before, 9,776-9,779 after): each group's own count beside its label.
// 9,795 (+15, measured 9,790): "See all 60 in Features" names the index it opens, in every language.
// 10,160 (+365, measured 10,148): the overlay's key hints and their words (+162), and the styles of "See all",
// the redirect card and the overlay's note (+196), set on the elements.
// 10,215 (+55, measured 10,202): the hash and loading of `site-search.sources.js`.
// 10,345 (+130, measured 10,334): the dropdown's groups of suggestions, one per index, drawn as the overlay's
// groups (one function for both), and the sources file's new hash.
export const EMBED_LATER_CEILING_BYTES = 10_345;

/**
 * What the script-tag build loads only for a widget of several indices (`data-sources`):
 * `site-search.sources.js` and its tabs' stylesheet, `site-search.sources.css`. A ceiling of
 * its own, which moves the same way.
 */
export const EMBED_SOURCES_FILES = ['site-search.sources.js', 'site-search.sources.css'] as const;
// 4,860 (measured 4,849: 4,616 the script, 233 the stylesheet): the first.
// 4,875 (measured 4,864): the URL dates a typed search by its key, as the first load's does.
// 5,110 (+235, measured 5,098): the dropdown's suggestions of several indices, a group each, in one pace.
// 5,125 (+15, measured 5,111 from 5,096): ↓ that asks for the dropdown opens it on its first option, as ↓ on
// a list at hand does (the first load's share of it, +2, fits under its ceiling).
export const EMBED_SOURCES_CEILING_BYTES = 5_125;
