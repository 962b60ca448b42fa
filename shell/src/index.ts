// A click on a server-rendered control before the page is live is kept and replayed (early-input.ts).
import { holdEarlyClicks } from './early-input';

holdEarlyClicks();
// The app's code in a chunk of its own: this entry (the chunk loader and early-input.ts) runs at once.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
