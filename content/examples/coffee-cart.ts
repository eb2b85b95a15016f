// A second, different business, to prove the site (and its tests) follow the
// content rather than the demo's words: build with
// `CONTENT_FILE=content/examples/coffee-cart.ts npm run build` (and start the
// server with the same variable); `npm run test:e2e:alt-content` does both and
// runs the browser tests against it.
import type { BusinessContent } from '../schema.js';

export const business: BusinessContent = {
  name: 'Crema Coffee Carts',
  shortName: 'Crema Carts',
  product: 'Espresso',
  productPlural: 'Coffee',
  tagline: 'Proper coffee, pulled to order, at your conference, wedding or open day.',
  siteUrl: 'https://cremacarts.example',
  locale: 'en-GB',
  timeZone: 'Europe/London',
  priceRange: '$$$',
  cuisine: ['Coffee', 'Cafe'],

  seo: {
    title: 'Crema Coffee Carts | Espresso Bars for Events in Leeds',
    description:
      'Hire a Crema espresso bar for conferences, weddings and open days: two baristas, specialty beans and oat milk as standard.',
  },

  nav: [
    { label: 'Find us', href: '#schedule' },
    { label: 'Menus', href: '#packages' },
    { label: 'Drinks', href: '#menu' },
    { label: 'Why Crema', href: '#why-us' },
    { label: 'Who we serve', href: '#clients' },
    { label: 'Contact', href: '#contact' },
  ],

  hero: {
    heading: 'An espresso bar wherever your guests are',
    lead: 'Specialty beans roasted in Leeds, two baristas and a cart that fits through any door, from 30 to 3,000 cups.',
    callToAction: 'Reserve a cart',
    lightsHint: 'Tap the cart to switch its lights',
  },

  otherOperations: ['Barista workshop', 'Bulk coffee delivery', 'Cart hire without staff'],
  truckPackageGroup: 'espresso-bar',

  packageGroups: [
    {
      id: 'workshops',
      label: 'Workshops',
      operation: 'Barista workshop',
      intro: 'Latte art and home brewing, taught by our head barista for teams of up to twelve.',
      packages: [
        {
          name: 'Latte art hour',
          summary: 'Pour a heart, then a tulip, then a swan.',
          price: '£45 / person',
          pricing: { per: 'guest', amount: 45, minimumGuests: 4 },
          features: ['One hour', 'Milk and beans included', 'Up to 12 people'],
        },
      ],
    },
    {
      id: 'espresso-bar',
      label: 'Espresso bar',
      operation: 'Espresso Truck',
      intro: 'Our cart, two baristas and unlimited drinks for your guests, set up an hour before you open.',
      packages: [
        {
          name: 'Morning Rush',
          summary: 'Espresso, flat whites and filter, fast.',
          formNote: 'weekday mornings only',
          price: 'From £3.50 / guest',
          pricing: { per: 'guest', amount: 3.5, minimumSpend: 350 },
          features: ['Espresso drinks & filter', 'Oat and dairy milk', 'Up to 3 hours'],
        },
        {
          name: 'All-Day Social',
          summary: 'The full menu, from the first flat white to the last affogato.',
          price: '£900 / day',
          pricing: { per: 'event', amount: 900 },
          features: ['Full espresso menu', 'Iced drinks & chai', 'Pastries from a local bakery', 'Up to 8 hours'],
        },
        {
          name: 'Signature Brew',
          summary: 'A drink named after your event, on a menu board in your colours.',
          formNote: 'book six weeks ahead',
          price: 'Quoted for you',
          features: ['A signature drink', 'Branded cups & menu', 'Any hours'],
        },
      ],
    },
  ],

  menu: {
    currency: 'GBP',
    intro: 'Pulled at the cart from our seasonal espresso; oat milk at no extra cost.',
    groups: [
      {
        name: 'Espresso',
        items: [
          { name: 'Espresso', price: 2.2, description: 'A double shot of the seasonal blend.', tags: ['vegan'] },
          { name: 'Cortado', price: 3, description: 'Espresso cut with a little steamed milk.', tags: ['vegetarian'] },
          { name: 'Flat white', price: 3.2, description: 'Two ristretto shots, silky milk.', tags: ['vegetarian'] },
          { name: 'Oat latte', price: 3.4, description: 'Oat milk, a double shot.', tags: ['vegan'] },
          { name: 'Mocha', price: 3.6, description: 'Flat white with 70 % dark chocolate.', tags: ['vegetarian'] },
        ],
      },
      {
        name: 'Not coffee',
        items: [
          { name: 'Chai latte', price: 3.3, description: 'Spiced black tea, steamed milk.', tags: ['vegetarian'] },
          { name: 'Hot chocolate', price: 3.2, tags: ['vegetarian', 'gluten-free'] },
        ],
      },
      {
        name: 'Bakes',
        items: [
          {
            name: 'Almond croissant',
            price: 3.2,
            description: 'From Kirkgate bakery, baked that morning.',
            tags: ['vegetarian', 'contains-nuts'],
          },
          { name: 'Banana bread', price: 2.8, description: 'With walnuts.', tags: ['vegan', 'contains-nuts'] },
          { name: 'Brownie', price: 3, tags: ['vegetarian', 'gluten-free'] },
        ],
      },
    ],
  },

  sale: {
    currency: 'GBP',
    serviceChargePercent: 0,
    tax: { percent: 20, onServiceCharge: true, onTravel: true },
    travel: [
      { name: 'Leeds', postalCodes: ['LS'], fee: 0 },
      { name: 'Bradford and Wakefield', postalCodes: ['BD', 'WF'], fee: 35 },
      { name: 'York and Harrogate', postalCodes: ['YO', 'HG'], fee: 60 },
    ],
    depositPercent: 30,
    quoteValidDays: 21,
    terms: `Your deposit secures the date and is refundable up to 14 days before the event.

The balance is due within 7 days of the event. Prices include VAT at 20%.

We need one standard 13 A socket within 10 metres of the cart and a flat, dry spot of 2 by 2 metres.`,
    payOffline: 'Pay by bank transfer to Crema Coffee Carts Ltd (details on your receipt) or by card at the cart.',
  },

  event: {
    setupMinutes: 30,
    teardownMinutes: 20,
    finalCountCutoffDays: 5,
    fewerGuestsLowerPrice: true,
    dietaryCounts: ['Dairy-free', 'Decaf'],
    siteQuestions: [
      'Is there a standard 13 A socket within 10 metres of the cart?',
      'Is the spot for the cart flat and dry, about 2 by 2 metres? Indoors or out?',
      'How do we get the cart in: a lift, steps, a loading bay?',
    ],
    reminders: {
      sendAt: '10:00',
      finalCount: { on: true, daysBefore: [10, 5] },
      // Our balance is due after the event, with the invoice.
      balanceDue: { on: false },
      tomorrow: { on: true },
    },
  },

  whyUs: {
    heading: 'Why organisers call us back',
    points: [
      { title: 'Fast queues', text: 'Two group heads and two baristas: a drink every 40 seconds at peak.' },
      { title: 'Fits anywhere', text: 'The cart is 80 cm wide and runs on one 13 A socket.' },
      { title: 'Specialty beans', text: 'Roasted in Leeds every week, with a decaf that tastes like coffee.' },
    ],
  },

  clients: {
    heading: 'Poured for',
    logos: ['Leeds Digital Week', 'Harewood Weddings', 'Kirkgate Market', 'Northern Ballet', 'Roundhay Open Day'],
  },

  contact: {
    email: 'hello@cremacarts.example',
    phone: '+44 113 496 0123',
    city: 'Leeds',
    region: 'West Yorkshire',
    country: 'GB',
    serviceArea: 'Yorkshire and the North',
    hours: 'Mon–Fri, 8 am – 5 pm',
  },

  hours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], opens: '08:00', closes: '17:00' }],

  social: [{ label: 'Instagram', href: 'https://instagram.com/cremacarts' }],

  theme: {
    primary: '#5a3825',
    accent: '#e8b04a',
  },
};
