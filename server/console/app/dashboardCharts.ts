/**
 * The dashboard's two charts, drawn with chart.js (only the parts used are registered).
 * Colours come from the page's CSS variables, resolved through a probe element because
 * `light-dark()` inside a custom property is only resolved where a colour is used.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import type { StatsReport } from '../../../src/client/types.ts';
import { shortDay } from './dashboardDates.ts';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip, Legend);

interface Palette {
  text: string;
  muted: string;
  grid: string;
  searches: string;
  clicks: string;
  noHits: string;
  positions: string;
}

/** The current colours of the variables, as the browser resolves them for the scheme in use. */
export function palette(element: Element): Palette {
  const probe = document.createElement('span');
  probe.hidden = true;
  element.append(probe);
  const read = (name: string): string => {
    probe.style.color = `var(${name})`;
    return getComputedStyle(probe).color;
  };
  const colours = {
    text: read('--dash-text'),
    muted: read('--dash-muted'),
    grid: read('--dash-grid'),
    searches: read('--dash-searches'),
    clicks: read('--dash-clicks'),
    noHits: read('--dash-no-hits'),
    positions: read('--dash-positions'),
  };
  probe.remove();
  return colours;
}

const number = new Intl.NumberFormat('en');

/** What the page keeps of a chart: it redraws by destroying and drawing anew. */
export interface DrawnChart {
  destroy(): void;
}

function axes(colours: Palette, xTitle: string, yTitle: string) {
  const axis = (title: string) => ({
    grid: { color: colours.grid },
    border: { color: colours.grid },
    ticks: { color: colours.muted, font: { size: 12 }, maxRotation: 0, autoSkipPadding: 12 },
    title: { display: true, text: title, color: colours.muted, font: { size: 12 } },
  });
  return {
    x: { ...axis(xTitle), grid: { display: false } },
    y: { ...axis(yTitle), beginAtZero: true, ticks: { color: colours.muted, precision: 0, font: { size: 12 } } },
  };
}

/** Searches (bars, no-hit part in its own colour) and clicks (a line) per day. */
export function dailyChart(canvas: HTMLCanvasElement, report: StatsReport, colours: Palette): DrawnChart {
  const config: ChartConfiguration<'bar' | 'line'> = {
    type: 'bar',
    data: {
      labels: report.days.map((d) => shortDay(d.date)),
      datasets: [
        {
          type: 'bar',
          label: 'Searches with results',
          data: report.days.map((d) => d.searches - d.noHitSearches),
          backgroundColor: colours.searches,
          stack: 'searches',
          order: 2,
        },
        {
          type: 'bar',
          label: 'No-hit searches',
          data: report.days.map((d) => d.noHitSearches),
          backgroundColor: colours.noHits,
          stack: 'searches',
          order: 2,
        },
        {
          type: 'line',
          label: 'Clicks',
          data: report.days.map((d) => d.clicks),
          borderColor: colours.clicks,
          backgroundColor: colours.clicks,
          borderWidth: 2,
          pointRadius: report.days.length > 45 ? 0 : 2,
          tension: 0.25,
          order: 1,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      interaction: { mode: 'index', intersect: false },
      scales: { ...axes(colours, 'Day (UTC)', 'Count'), x: { ...axes(colours, 'Day (UTC)', '').x, stacked: true } },
      plugins: {
        // In dataset order (searches first), not drawing order.
        legend: { labels: { color: colours.text, boxWidth: 12, boxHeight: 12, sort: (a, b) => (a.datasetIndex ?? 0) - (b.datasetIndex ?? 0) } },
        tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${number.format(Number(item.raw))}` } },
      },
    },
  };
  return new Chart(canvas, config);
}

/** Clicks by result position: 1 to 10, then 11 and beyond. */
export function positionsChart(canvas: HTMLCanvasElement, report: StatsReport, colours: Palette): DrawnChart {
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: report.positions.map(positionLabel),
      datasets: [{ label: 'Clicks', data: report.positions.map((p) => p.clicks), backgroundColor: colours.positions }],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: axes(colours, 'Position in the results', 'Clicks'),
      plugins: { legend: { display: false } },
    },
  });
}

export function positionLabel(bucket: StatsReport['positions'][number]): string {
  return bucket.to === null ? `${bucket.from}+` : String(bucket.from);
}
