// A click on a server-rendered control before the page is live is kept and replayed (early-input.ts).
import { holdEarlyClicks } from './early-input';

holdEarlyClicks();
// Async boundary: shared singletons are negotiated by the federation runtime before app code runs.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
