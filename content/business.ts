// The business this site presents. This is the one file an owner edits:
// change the words, prices and links here, run `npm start`, and the whole site
// (page, SEO tags, sitemap, inquiry form options) follows. `npm run build`
// checks it and stops with a message naming the field if something is off.
import type { BusinessContent } from './schema.js';

export const business: BusinessContent = {
  name: 'Lucky Lime Tacos',
  // Under the icon on a phone's home screen (at most 12 characters), and the sign on the truck.
  shortName: 'Lucky Lime',
  product: 'Taco',
  productPlural: 'Tacos',
  tagline: 'Street tacos, made to order, wherever your people are.',
  siteUrl: 'https://luckylimetacos.example',
  locale: 'en-US',
  // The schedule's dates and times (the owner keeps it in the inbox) are in this time zone.
  timeZone: 'America/Chicago',
  priceRange: '$$',
  cuisine: ['Mexican', 'Tacos'],

  seo: {
    title: 'Lucky Lime Tacos | Taco Truck & Event Catering in Austin, TX',
    description:
      'Book the Lucky Lime taco truck for office lunches, school fairs, weddings and festivals. Hand-pressed tortillas, four packages, quotes within one business day.',
  },

  nav: [
    { label: 'Find us', href: '#schedule' },
    { label: 'Packages', href: '#packages' },
    { label: 'Menu', href: '#menu' },
    { label: 'Why us', href: '#why-us' },
    { label: 'Clients', href: '#clients' },
    { label: 'Contact', href: '#contact' },
  ],

  hero: {
    heading: 'Tacos that roll up to your event',
    lead: 'Hand-pressed tortillas, slow-braised fillings and salsas made every morning, served hot from our truck to 20 or 2,000 guests.',
    callToAction: 'Book the truck',
    lightsHint: 'Tap the truck to switch its lights',
  },

  // The form's operation choices. '{product} Truck' (here 'Taco Truck') always
  // comes first and is built from `product`; list the others here.
  otherOperations: ['Drop-off taco bar', 'Full-service taco bar'],
  // The tab whose packages are offered in the form once '{product} Truck' is chosen.
  truckPackageGroup: 'truck',

  packageGroups: [
    {
      id: 'truck',
      label: 'Taco Truck',
      operation: 'Taco Truck',
      intro:
        'We park, we cook, your guests order at the window. Every package includes the truck, two cooks and cleanup.',
      packages: [
        {
          name: 'Mini',
          summary: 'Three fillings, fast lines: built for big crowds.',
          formNote: 'reserved for large parties and schools',
          price: 'From $12 / guest',
          pricing: { per: 'guest', amount: 12, minimumGuests: 150 },
          photo: { src: 'images/mini.jpg', alt: 'Three street tacos on a white plate with lime wedges' },
          features: ['3 taco fillings', 'Chips & salsa verde', 'Up to 2 hours of service', 'Minimum 150 guests'],
        },
        {
          name: 'Basic',
          summary: 'Our crowd favourite for office lunches and block parties.',
          price: 'From $16 / guest',
          pricing: { per: 'guest', amount: 16 },
          photo: { src: 'images/basic.jpg', alt: 'Four tacos on a plate beside guacamole, chips and an agua fresca' },
          features: ['4 taco fillings', 'Chips, salsa & guacamole', 'Agua fresca', 'Up to 2 hours of service'],
        },
        {
          name: 'Premium',
          summary: 'The full menu for weddings and milestone days.',
          price: 'From $24 / guest',
          pricing: { per: 'guest', amount: 24 },
          // Booked at once on a free day in a travel area (record 350).
          instantBook: true,
          photo: { src: 'images/premium.jpg', alt: 'Tacos with grilled elote, churros and two agua frescas' },
          features: ['6 fillings incl. birria', 'Elote & churros', 'Two agua frescas', 'Up to 3 hours of service'],
        },
        {
          name: 'Custom',
          summary: 'Your menu, your hours, your theme. We build it with you.',
          formNote: "tell us what you're thinking in the notes",
          price: 'Quoted for you',
          photo: { src: 'images/custom.jpg', alt: 'A taco bar of fillings in bowls around a stack of warm tortillas' },
          features: [
            'Any fillings, any hours',
            'Dietary menus on request',
            'Multi-day festivals',
            'Branded napkins & signs',
          ],
        },
      ],
    },
    {
      id: 'catering',
      label: 'Catering',
      intro: 'No space for a truck? We bring the taco bar to you, set up or drop-off.',
      packages: [
        {
          name: 'Drop-off taco bar',
          operation: 'Drop-off taco bar',
          summary: 'Trays, tortillas and toppings delivered hot, ready to serve.',
          price: 'From $14 / guest',
          pricing: { per: 'guest', amount: 14, minimumGuests: 20 },
          features: ['3 fillings', 'Rice & beans', 'Serving utensils', 'Minimum 20 guests'],
        },
        {
          name: 'Full-service taco bar',
          operation: 'Full-service taco bar',
          summary: 'Our staff set up, serve and clean up.',
          price: 'From $22 / guest',
          pricing: { per: 'guest', amount: 22, minimumSpend: 1100 },
          features: ['5 fillings', 'Sides & desserts', 'Two servers', 'Up to 3 hours'],
        },
      ],
    },
  ],

  // What the truck serves at its stops. Prices are numbers in `currency`; tags are
  // 'vegan', 'vegetarian', 'gluten-free' and 'contains-nuts'; a photo is optional.
  menu: {
    currency: 'USD',
    intro: 'Served at every stop. Tortillas are corn and pressed on the truck; ask us about allergies.',
    groups: [
      {
        name: 'Tacos',
        items: [
          {
            name: 'Al pastor',
            price: 4.5,
            description: 'Achiote pork off the spit, pineapple, onion, cilantro.',
            tags: ['gluten-free'],
          },
          {
            name: 'Carne asada',
            price: 5,
            description: 'Grilled steak, salsa roja, onion, cilantro.',
            tags: ['gluten-free'],
          },
          {
            name: 'Pollo tinga',
            price: 4.5,
            description: 'Chipotle chicken, crema, pickled red onion.',
            tags: ['gluten-free'],
          },
          { name: 'Birria', price: 5.5, description: 'Slow-braised beef, melted cheese, a cup of consommé to dip.' },
          { name: 'Baja fish', price: 5.5, description: 'Beer-battered cod, cabbage slaw, chipotle mayo.' },
          {
            name: 'Hongos',
            price: 4.5,
            description: 'Roasted mushrooms, poblano rajas, salsa verde.',
            tags: ['vegan', 'gluten-free'],
          },
          {
            name: 'Calabacitas',
            price: 4,
            description: 'Squash, sweet corn, queso fresco.',
            tags: ['vegetarian', 'gluten-free'],
          },
          {
            name: 'Taco trio',
            price: 12,
            description: 'Any three tacos, with lime and the salsa of the day.',
            photo: { src: 'images/mini.jpg', alt: 'Three street tacos on a white plate with lime wedges' },
          },
        ],
      },
      {
        name: 'Sides',
        items: [
          { name: 'Chips & salsa verde', price: 3.5, tags: ['vegan', 'gluten-free'] },
          {
            name: 'Guacamole & chips',
            price: 6,
            description: 'Made at the window, every hour.',
            tags: ['vegan', 'gluten-free'],
            photo: { src: 'images/basic.jpg', alt: 'Guacamole and chips beside four tacos and an agua fresca' },
          },
          {
            name: 'Elote',
            price: 4.5,
            description: 'Grilled corn, cotija, chile-lime mayo.',
            tags: ['vegetarian', 'gluten-free'],
            photo: { src: 'images/premium.jpg', alt: 'Grilled elote beside tacos, churros and two agua frescas' },
          },
          { name: 'Rice & black beans', price: 3.5, tags: ['vegan', 'gluten-free'] },
          {
            name: 'Papas con mole',
            price: 5.5,
            description: 'Fries under our house mole, sesame and crushed peanuts.',
            tags: ['vegan', 'contains-nuts'],
          },
        ],
      },
      {
        name: 'Drinks',
        items: [
          {
            name: 'Horchata',
            price: 3.5,
            description: 'Rice, cinnamon and almond milk.',
            tags: ['vegan', 'gluten-free', 'contains-nuts'],
          },
          {
            name: 'Agua de jamaica',
            price: 3,
            description: 'Hibiscus, lightly sweet.',
            tags: ['vegan', 'gluten-free'],
          },
          {
            name: 'Agua de sandía',
            price: 3,
            description: 'Fresh watermelon and lime.',
            tags: ['vegan', 'gluten-free'],
          },
          { name: 'Mexican Coke', price: 3.5, description: 'In the glass bottle.', tags: ['vegan', 'gluten-free'] },
          { name: 'Topo Chico', price: 2.5, description: 'Sparkling mineral water.', tags: ['vegan', 'gluten-free'] },
        ],
      },
      {
        name: 'Sweets',
        items: [
          { name: 'Churros', price: 4.5, description: 'Cinnamon sugar, warm chocolate to dip.', tags: ['vegetarian'] },
          {
            name: 'Paleta de mango',
            price: 3.5,
            description: 'Mango ice pop with chile and lime.',
            tags: ['vegan', 'gluten-free'],
          },
        ],
      },
    ],
  },

  // How quotes are priced. Amounts are in `currency`; percentages are numbers (8.25 for 8.25 %).
  // A package card with `pricing` gets an estimate in the first reply and a filled-in quote;
  // its `price` text must show that amount.
  sale: {
    currency: 'USD',
    serviceChargePercent: 18,
    tax: { percent: 8.25, onServiceCharge: true, onTravel: true },
    // By the start of the event's postal code; the first area that matches sets the fee.
    travel: [
      { name: 'Austin', postalCodes: ['787'], fee: 0 },
      { name: 'Round Rock, Georgetown and San Marcos', postalCodes: ['786'], fee: 75 },
      { name: 'San Antonio and New Braunfels', postalCodes: ['781', '782'], fee: 150 },
    ],
    depositPercent: 25,
    quoteValidDays: 14,
    terms: `The deposit holds your date; it is refundable until 30 days before the event, and credited to the total.

The balance is due on the day of the event. The final guest count is due 3 days before the event; we charge for the final count or the planned count in this quote, whichever is higher.

We need a level spot for the truck, within 50 feet of where guests are served, and access an hour before service. Rain or shine: if weather stops service, we agree a new date with you.`,
    payOffline:
      'Pay by check to Lucky Lime Tacos LLC, by bank transfer (we send the details with your receipt), or in cash at the truck.',
    // Optional: the thank-you after the event asks for a review here.
    reviewUrl: 'https://g.page/r/luckylimetacos/review',
  },

  // Once booked: the event sheet's times (the truck arrives setupMinutes before service and
  // leaves teardownMinutes after it), the final count the customer may give on their quote
  // page until finalCountCutoffDays before, what we ask of the site, and the reminders
  // before the day (each kind switched off with on: false).
  event: {
    setupMinutes: 60,
    teardownMinutes: 45,
    finalCountCutoffDays: 3,
    // Our terms charge the final count or the quoted count, whichever is higher.
    fewerGuestsLowerPrice: false,
    dietaryCounts: ['Vegetarian', 'Vegan', 'Gluten-free'],
    siteQuestions: [
      'Is there a power outlet within 50 feet of where the truck parks? (If not, we bring our quiet generator.)',
      'Where does the truck park, and on what: paved, gravel or grass? Is it level?',
      'Is there parking for the truck (26 feet long, 11 feet high) and a car for the crew?',
      'How do we get in: a gate code, a loading dock, a security desk, a height limit?',
    ],
    reminders: {
      sendAt: '09:00',
      finalCount: { on: true, daysBefore: [14, 3] },
      balanceDue: { on: true, daysBefore: 3 },
      tomorrow: { on: true },
    },
  },

  whyUs: {
    heading: 'Why hosts book us again',
    points: [
      {
        title: 'On time, every time',
        text: 'We arrive an hour early, set up without fuss and serve the first taco when you say go.',
      },
      {
        title: 'Fresh, not reheated',
        text: 'Tortillas are pressed on the truck and every filling is cooked the same day.',
      },
      {
        title: 'Every guest fed',
        text: 'Vegan, gluten-free and nut-free options are labelled on the menu board, always.',
      },
      { title: 'Licensed and insured', text: 'City-permitted, health-inspected and carrying $2M of liability cover.' },
    ],
  },

  clients: {
    heading: 'Trusted by teams and schools around town',
    // A name alone shows as text; with `image` (SVG, PNG, JPEG or WebP) as its logo.
    logos: [
      { name: 'Riverbend Elementary', image: 'images/riverbend-elementary.svg' },
      { name: 'Northside Co-op', image: 'images/northside-co-op.png' },
      'Cedar & Pine Weddings',
      { name: 'Blue Door Studios', image: 'images/blue-door-studios.svg' },
      'Eastside Makers Fair',
      { name: 'Harbor Tech', image: 'images/harbor-tech.svg' },
      'Oak Hill PTA',
      { name: 'Sunday Market', image: 'images/sunday-market.png' },
    ],
  },

  contact: {
    email: 'hola@luckylimetacos.example',
    phone: '+1 512 555 0142',
    city: 'Austin',
    region: 'TX',
    country: 'US',
    serviceArea: 'Austin and 60 miles around',
    hours: 'Mon–Sat, 9 am – 6 pm',
  },

  // When leads are answered (in timeZone): a lead still New 15 minutes after it came in
  // is pushed to your phone again within these hours, and at the next opening otherwise.
  hours: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat'], opens: '09:00', closes: '18:00' }],

  social: [
    { label: 'Instagram', href: 'https://instagram.com/luckylimetacos' },
    { label: 'Facebook', href: 'https://facebook.com/luckylimetacos' },
  ],

  theme: {
    primary: '#0f5c3a',
    accent: '#f2b705',
  },

  // Pictures are files in the content folder (here content/images/), checked and
  // converted at build. Optional: without `logoMark` a mark is drawn in the brand
  // colours; without `shareImage` the link preview card shows the truck.
  logoMark: 'images/logo-mark.svg',

  // The customers' languages, the first the default: English at /, Spanish at /es/.
  // Each text below is the Spanish of the English one above (a list by the same order);
  // one left out shows in English. Names (the business, packages, menu items) stay one.
  languages: ['en', 'es'],
  es: {
    tagline: 'Tacos callejeros, hechos al momento, dondequiera que esté su gente.',
    seo: {
      title: 'Lucky Lime Tacos | Camión de tacos y catering en Austin, TX',
      description:
        'Reserve el camión de tacos Lucky Lime para oficinas, ferias escolares, bodas y festivales. Tortillas hechas a mano, cuatro paquetes, cotización en un día hábil.',
    },
    nav: ['Dónde estamos', 'Paquetes', 'Menú', 'Por qué nosotros', 'Clientes', 'Contacto'],
    hero: {
      heading: 'Tacos que llegan rodando a su evento',
      lead: 'Tortillas hechas a mano, guisos cocinados a fuego lento y salsas preparadas cada mañana, servidos calientes desde nuestro camión para 20 o 2,000 invitados.',
      callToAction: 'Reservar el camión',
      lightsHint: 'Toque el camión para encender sus luces',
    },
    operations: ['Camión de tacos', 'Barra de tacos a domicilio', 'Barra de tacos con servicio completo'],
    packageGroups: [
      {
        label: 'Camión de tacos',
        intro:
          'Nos estacionamos, cocinamos y sus invitados piden en la ventanilla. Cada paquete incluye el camión, dos cocineros y la limpieza.',
        packages: [
          {
            summary: 'Tres guisos, filas rápidas: pensado para grupos grandes.',
            formNote: 'para fiestas grandes y escuelas',
            photo: { alt: 'Tres tacos callejeros en un plato blanco con gajos de limón' },
            price: 'Desde $12 / invitado',
            features: [
              '3 guisos para tacos',
              'Totopos y salsa verde',
              'Hasta 2 horas de servicio',
              'Mínimo 150 invitados',
            ],
          },
          {
            summary: 'El favorito para almuerzos de oficina y fiestas de barrio.',
            photo: { alt: 'Cuatro tacos en un plato junto a guacamole, totopos y un agua fresca' },
            price: 'Desde $16 / invitado',
            features: ['4 guisos para tacos', 'Totopos, salsa y guacamole', 'Agua fresca', 'Hasta 2 horas de servicio'],
          },
          {
            summary: 'El menú completo para bodas y días especiales.',
            photo: { alt: 'Tacos con elote asado, churros y dos aguas frescas' },
            price: 'Desde $24 / invitado',
            features: ['6 guisos con birria', 'Elote y churros', 'Dos aguas frescas', 'Hasta 3 horas de servicio'],
          },
          {
            summary: 'Su menú, su horario, su tema. Lo creamos con usted.',
            formNote: 'cuéntenos su idea en las notas',
            photo: { alt: 'Una barra de tacos: guisos en tazones alrededor de una pila de tortillas calientes' },
            price: 'Cotización a su medida',
            features: [
              'Cualquier guiso, cualquier horario',
              'Menús especiales a pedido',
              'Festivales de varios días',
              'Servilletas y letreros con su marca',
            ],
          },
        ],
      },
      {
        label: 'Catering',
        intro: '¿No hay lugar para un camión? Llevamos la barra de tacos, montada o a domicilio.',
        packages: [
          {
            summary: 'Bandejas, tortillas y complementos entregados calientes, listos para servir.',
            price: 'Desde $14 / invitado',
            features: ['3 guisos', 'Arroz y frijoles', 'Utensilios para servir', 'Mínimo 20 invitados'],
          },
          {
            summary: 'Nuestro equipo monta, sirve y limpia.',
            price: 'Desde $22 / invitado',
            features: ['5 guisos', 'Guarniciones y postres', 'Dos meseros', 'Hasta 3 horas'],
          },
        ],
      },
    ],
    menu: {
      intro: 'En cada parada. Las tortillas son de maíz y se hacen en el camión; pregúntenos por alergias.',
      groups: [
        {
          name: 'Tacos',
          items: [
            { description: 'Cerdo al achiote del trompo, piña, cebolla, cilantro.' },
            { description: 'Res a la parrilla, salsa roja, cebolla, cilantro.' },
            { description: 'Pollo al chipotle, crema, cebolla morada encurtida.' },
            { description: 'Res cocida a fuego lento, queso fundido y una taza de consomé.' },
            { description: 'Bacalao capeado en cerveza, ensalada de col, mayonesa de chipotle.' },
            { description: 'Hongos asados, rajas de poblano, salsa verde.' },
            { description: 'Calabacita, elote dulce, queso fresco.' },
            {
              description: 'Tres tacos a su elección, con limón y la salsa del día.',
              photo: { alt: 'Tres tacos callejeros en un plato blanco con gajos de limón' },
            },
          ],
        },
        {
          name: 'Guarniciones',
          items: [
            {},
            {
              description: 'Hecho en la ventanilla, cada hora.',
              photo: { alt: 'Guacamole y totopos junto a cuatro tacos y un agua fresca' },
            },
            {
              description: 'Elote asado, cotija, mayonesa de chile y limón.',
              photo: { alt: 'Elote asado junto a tacos, churros y dos aguas frescas' },
            },
            {},
            { description: 'Papas bajo nuestro mole de la casa, ajonjolí y cacahuate molido.' },
          ],
        },
        {
          name: 'Bebidas',
          items: [
            { description: 'Arroz, canela y leche de almendra.' },
            { description: 'Jamaica, ligeramente dulce.' },
            { description: 'Sandía fresca y limón.' },
            { description: 'En botella de vidrio.' },
            { description: 'Agua mineral con gas.' },
          ],
        },
        {
          name: 'Dulces',
          items: [
            { description: 'Azúcar con canela y chocolate caliente para remojar.' },
            { description: 'Paleta de mango con chile y limón.' },
          ],
        },
      ],
    },
    whyUs: {
      heading: 'Por qué los anfitriones vuelven a reservarnos',
      points: [
        {
          title: 'Puntuales, siempre',
          text: 'Llegamos una hora antes, montamos sin complicaciones y servimos el primer taco cuando usted diga.',
        },
        {
          title: 'Fresco, no recalentado',
          text: 'Las tortillas se hacen en el camión y cada guiso se cocina el mismo día.',
        },
        {
          title: 'Todos los invitados bien servidos',
          text: 'Las opciones veganas, sin gluten y sin nueces están marcadas en el menú, siempre.',
        },
        {
          title: 'Con licencia y seguro',
          text: 'Con permiso de la ciudad, inspección sanitaria y un seguro de responsabilidad de $2M.',
        },
      ],
    },
    clients: { heading: 'La confianza de equipos y escuelas de la ciudad' },
    contact: { serviceArea: 'Austin y 60 millas a la redonda', hours: 'Lun–Sáb, 9 a. m. – 6 p. m.' },
    sale: {
      terms: `El depósito reserva su fecha; es reembolsable hasta 30 días antes del evento y se descuenta del total.

El saldo se paga el día del evento. El número final de invitados se indica 3 días antes del evento; cobramos el número final o el número previsto en esta cotización, el que sea mayor.

Necesitamos un lugar plano para el camión, a menos de 50 pies de donde se sirve a los invitados, y acceso una hora antes del servicio. Llueva o truene: si el clima impide el servicio, acordamos con usted una nueva fecha.`,
      payOffline:
        'pague con cheque a nombre de Lucky Lime Tacos LLC, por transferencia bancaria (le enviamos los datos con su recibo) o en efectivo en el camión.',
    },
  },
};
