/**
 * The entry of the built site's docs pages (build/site/): the demo's shell (header,
 * emulator status, menu, footer) and styles, around the page's prerendered content.
 */
import './site.css';
import './shell.ts';
