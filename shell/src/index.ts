// A click on a server-rendered control before the page is live is kept and replayed (earlyInput.ts).
import { holdEarlyClicks } from './earlyInput';

holdEarlyClicks();
// Async boundary: shared singletons are negotiated by the federation runtime before app code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
