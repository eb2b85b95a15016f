// What the tests expect the page and the form to say, read from the content
// file the site is built from (content/business.ts, or CONTENT_FILE), never the
// demo business's own words: `npm run test:e2e:alt-content` runs the browser
// tests against a second, different business.
import { content, truckOperation, truckPackages } from '../../content/index.js';

export { content };

/** The spec's '{product} Truck' operation. */
export const TRUCK = truckOperation(content);

/** The operations other than the truck (the content may have none; the tests that need one say so). */
export const OTHER_OPERATIONS = content.otherOperations;

/** The truck's package group (its tab) and its packages, as offered in the form. */
export const TRUCK_GROUP = content.packageGroups.find((group) => group.id === content.truckPackageGroup)!;
export const TRUCK_PACKAGES = truckPackages(content).map((card) => card.name);

/** Two different packages of the truck (the same one twice if it has only one). */
export const PACKAGE = TRUCK_PACKAGES[Math.min(1, TRUCK_PACKAGES.length - 1)]!;
export const OTHER_PACKAGE = TRUCK_PACKAGES[TRUCK_PACKAGES.length - 1]!;

/** The select's option text: the name, then its form note in brackets. */
export const PACKAGE_OPTION_TEXTS = truckPackages(content).map((card) =>
  card.formNote ? `${card.name} (${card.formNote})` : card.name,
);

/** The hero's call to action, a `.book-us` ("Book the truck" in the demo). */
export const BOOK_THE_TRUCK = content.hero.callToAction;
