import { CodeWidgetContentSchema } from '@coderoom/contracts';
import { PlatformAdminRole, ShotLicense } from '@coderoom/domain';
import type { ContentService } from '../content/content.service.js';
import type { ShotsService } from '../shots/shots.service.js';
import type { ProofreadingService } from './proofreading.service.js';

// Demo proofreading (docs/proofreading.md): reviewer@ proofreads, and one answer of author@ waits for the
// author's review with a pass of suggestions that reviewer@ made and admin@ sent on.

export const DEMO_PROOFREAD_URL = 'when-to-use-dict-get-in-python';

const TEXT = [
  'Use `dict.get` when a missing key is a normal case and you want a default value insted of a `KeyError`.',
  '',
  'Indexing with `d[key]` raises an error for a missing key, wich is what you want when the key must be there.',
  '`d.get(key, default)` returns the default and leaves the dictionary unchanged.',
].join('\n');

const SUGGESTIONS = [
  { original: 'insted', replacement: 'instead', note: 'Spelling.' },
  { original: 'wich', replacement: 'which', note: 'Spelling.' },
  {
    original: 'leaves the dictionary unchanged',
    replacement: 'does not add the key to the dictionary',
    note: 'Says what "unchanged" means here.',
  },
];

export async function seedProofreadingDemo(
  deps: { content: ContentService; shots: ShotsService; proofreading: ProofreadingService },
  people: { authorId: number; proofreaderId: number; adminId: number },
): Promise<boolean> {
  await deps.proofreading.addProofreader(people.proofreaderId);
  if ((await deps.shots.mine(people.authorId)).items.some((shot) => shot.url === DEMO_PROOFREAD_URL))
    return false;
  const author = { userId: people.authorId, adminRole: null };
  const proofreader = { userId: people.proofreaderId, adminRole: null };
  const admin = { userId: people.adminId, adminRole: PlatformAdminRole.SuperAdmin };
  const draft = await deps.shots.create(people.authorId, 'When should I use dict.get in Python?');
  await deps.shots.save(people.authorId, draft.shotId, draft.etag, {
    title: 'When should I use dict.get in Python?',
    url: DEMO_PROOFREAD_URL,
    components: [
      { type: 'MarkdownEditor', comp_id: 'explanation', content: { text: TEXT } },
      {
        type: 'Code',
        comp_id: 'example',
        content: CodeWidgetContentSchema.parse({
          language: 'python3',
          code: 'ages = {"ada": 36}\nprint(ages.get("bob", 0))\nprint("bob" in ages)',
          runnable: true,
        }),
      },
    ],
    tags: ['python'],
    programming_tags: ['Python'],
    topic_tags: ['dictionaries'],
    license: ShotLicense.Product,
    difficulty: 1000,
  });
  const { collection } = await deps.content.findWithViewer(people.authorId, draft.shotId);
  const params = { authorId: people.authorId, collectionId: draft.shotId, docId: collection.encodedId };
  await deps.proofreading.transition(author, params, undefined, { action: 'submit' });
  await deps.proofreading.transition(proofreader, params, undefined, { action: 'claim' });
  for (const suggestion of SUGGESTIONS) {
    await deps.proofreading.suggest(proofreader, { ...params, passNo: 1 }, undefined, {
      comp_id: 'explanation',
      ...suggestion,
    });
  }
  await deps.proofreading.transition(proofreader, params, undefined, { action: 'finish_pass' });
  await deps.proofreading.transition(admin, params, undefined, { action: 'send_to_author' });
  return true;
}
