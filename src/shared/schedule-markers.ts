// Where the landing page's "Find the truck" section sits in index.html (record 111):
// the server replaces what is between these. A module of its own, with nothing else in
// it, so the page's bundle can name them without taking in the section's code.
export const SCHEDULE_START = '<!--schedule-->';
export const SCHEDULE_END = '<!--/schedule-->';
