import { writeFileSync } from 'node:fs';
import { CrawlSite } from '/work/wt/crawl-bench/bench/crawlSite/site.ts';
const site = new CrawlSite({ pages: 500 });
for (const kind of ['pdf', 'docx'] as const) {
  const p = site.pages.find((x) => x.kind === kind)!;
  writeFileSync(`/tmp/crawlbench-check/a.${kind}`, site.answer('http://127.0.0.1:1', p.path, 0).body);
  console.log(kind, p.title, p.uniqueWords);
}
