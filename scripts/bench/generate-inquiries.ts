// Makes many realistic inquiries in a store, for the inbox's bench (or to try
// the inbox with a full store): varied names, companies, events and dates,
// about 5 % flagged as spam, and some already worked by an owner.
//
//   DATA_DIR=/tmp/big npx tsx scripts/bench/generate-inquiries.ts 100000
//   DATABASE_URL=postgres://… npx tsx scripts/bench/generate-inquiries.ts 100000
import { createHash, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { loadStoreConfig } from '../../src/server/config.js';
import type { InquiryStore, NewInquiry } from '../../src/server/store/inquiry-store.js';
import { openOwnerStore } from '../../src/server/store/open-owner-store.js';
import { openStore } from '../../src/server/store/open-store.js';
import type { OwnerStore } from '../../src/server/store/owner-store.js';
import { OPERATIONS, PACKAGE_NAMES, TRUCK_OPERATION } from '../../src/shared/inquiry.js';
import type { InquiryStatus } from '../../src/shared/inbox-views.js';

const FIRST =
  `Ana Ben Carla Dario Elena Farid Greta Hugo Ines Jamal Keiko Liam Maya Nadia Omar Priya Quinn Rosa Sami Tara
Uma Victor Wen Ximena Yusuf Zoe Aiden Bianca Chen Dmitri Esme Felix Gia Hector Ivy Jonah Kofi Lena Mateo Noor Oscar Paloma
Raj Sofia Tomas Ulla Vera Wyatt Yara Zane Amara Bruno Cleo Diego Elif Flora Gabe Hana Ivan Julia`.split(/\s+/);
const LAST =
  `Garcia Smith Nguyen Okafor Rossi Muller Kim Patel Silva Novak Haddad Jensen Tanaka Lopez Brown Cohen Ivanova
Dubois Santos Murphy Kowalski Moreau Ali Schmidt Park Romero Fischer Costa Walsh Yilmaz Herrera Berg Sato Morales Reyes
Ortiz Castillo Vargas Mendoza Ramos Kaur Singh Chowdhury Abara Mensah Boateng Eriksen Lindqvist Virtanen Horvat Popescu
Petrov Wojcik Dimitrov Pavlov Hughes Bennett Foster Griffin Hayes Jordan Kelly Long Myers Powell Russell Sanders Stone`.split(
    /\s+/,
  );
const COMPANIES = [
  '',
  '',
  'Riverbend Elementary',
  'Acme Robotics',
  'Hillside School',
  'City Library',
  'Oak & Co',
  'Bluebird Dental',
];
const EVENTS = [
  '',
  'Spring fair',
  'Office lunch',
  'Wedding reception',
  'Graduation party',
  'Team offsite',
  'Block party',
];
const NOTES = [
  '',
  '',
  'Two vegan options, please.',
  'Parking is behind the gym.',
  'Gluten free for 10 guests.',
  'Need a quote.',
];
const WORKED: InquiryStatus[] = ['contacted', 'quoted', 'booked', 'declined'];
/** "How did you hear about us?", by the inquiry's index (no draw from the sequence: the rest stays as it was). */
const REFERENCES = ['', '', 'Instagram', 'Google', 'A friend', 'Saw the truck at the market', 'instagram', 'Facebook'];

/** A deterministic pseudo-random sequence, so two runs make the same store. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const DAY = 86_400_000;

export function buildGenerated(index: number, count: number, next: () => number): NewInquiry {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  // Spread over the last two years, oldest first, so later rows are newer.
  const createdAt = new Date(Date.now() - (count - index) * ((2 * 365 * DAY) / count)).toISOString();
  const eventDate = new Date(Date.parse(createdAt) + (7 + Math.floor(next() * 180)) * DAY).toISOString().slice(0, 10);
  const operation = pick(OPERATIONS);
  const document = {
    dateCreated: createdAt,
    firstName,
    lastName,
    email: `${firstName}.${lastName}${index}@example.com`.toLowerCase(),
    phoneNumber: `+1 512 555 ${String(index % 10_000).padStart(4, '0')}`,
    company: pick(COMPANIES),
    eventName: pick(EVENTS),
    eventDate,
    siteAddress: `${1 + (index % 900)} Oak St, Austin, TX 78701`,
    startTime: '11:00',
    endTime: '14:00',
    plannedGuestCount: 20 + Math.floor(next() * 400),
    operation,
    package: operation === TRUCK_OPERATION ? pick(PACKAGE_NAMES) : '',
    notes: pick(NOTES),
    reference: REFERENCES[index % REFERENCES.length]!,
    createdAt,
    source: 'web' as const,
  };
  return {
    id: randomUUID(),
    uid: createHash('sha256').update(String(index)).digest('base64url').slice(0, 22),
    bodyHash: createHash('sha256').update(JSON.stringify(document)).digest('base64url'),
    document,
    spamReason: next() < 0.05 ? 'too-fast' : null,
  };
}

/** Creates `count` inquiries; one in `workedEvery` gets a status from an owner. */
export async function generateInquiries(
  inquiries: InquiryStore,
  owners: OwnerStore,
  count: number,
  workedEvery = 100,
): Promise<void> {
  const next = random(20_261_122);
  const chunk = 5000;
  const actor = { id: 'generator', email: 'generator@example.com' };
  for (let start = 0; start < count; start += chunk) {
    const batch = Array.from({ length: Math.min(chunk, count - start) }, (_, i) =>
      buildGenerated(start + i, count, next),
    );
    await Promise.all(batch.map((inquiry) => inquiries.create(inquiry)));
    for (const [i, inquiry] of batch.entries()) {
      if ((start + i) % workedEvery === 0) {
        await owners.inbox.setStatus(
          inquiry.id,
          WORKED[((start + i) / workedEvery) % WORKED.length]!,
          actor,
          new Date(),
        );
      }
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const count = Number(process.argv[2] ?? 100_000);
  const config = loadStoreConfig();
  const inquiries = await openStore(config);
  const owners = await openOwnerStore(config);
  const started = Date.now();
  await generateInquiries(inquiries, owners, count);
  await owners.close();
  await inquiries.close();
  console.log(`Made ${count} inquiries in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
